// esbuild bundles stylesheets imported for their side effect (web/build/esbuild-options.ts).
declare module '*.css';
