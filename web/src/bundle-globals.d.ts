/**
 * What the browser's code may name although no browser has it, because a bundle's build or jest
 * replaces it (tsconfig.web.json gives web/src no Node types):
 * - `process.env.NODE_ENV`: esbuild's `define` inlines "production" in the site's and the console's
 *   bundles (web/build/esbuild-options.ts); jest sets "test".
 * - `require`: only in web/src/config.ts's jest branch, which the bundles drop (NODE_ENV is "production").
 */
declare const process: { readonly env: { readonly NODE_ENV?: string } };
declare function require(id: '../../cdk.json'): { context: unknown };
