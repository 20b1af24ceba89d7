import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { REPO_ROOT } from '#shared/repo-root.ts';

const runtimeStandIn = (file: string) => path.join(REPO_ROOT, 'lambdas', 'runtime', file);

/**
 * How every Lambda is bundled: HouseFunction builds each function's asset with these options,
 * and the bundle benchmark, the budget tests and the bundled-handler test build with the same
 * ones, so what we measure is what we deploy.
 *
 * - ESM with `module` first in mainFields lets esbuild tree-shake the AWS SDK v3.
 * - The SDK is bundled (not taken from the runtime) so the version is pinned by our lock file.
 * - Code splitting: what a function reaches only by `await import()` (the passkey library, the
 *   campaign renderer, a client one route uses) goes into files of its own under `chunks/`, which
 *   Node reads and compiles at that import, not at every cold start. In one file, V8 pre-parses
 *   all of it at load (docs/decisions/0037). Lambda treats `.mjs` files as ES modules
 *   (https://docs.aws.amazon.com/lambda/latest/dg/lambda-nodejs.html#designate-es-module), and
 *   the entry's relative imports of its chunks resolve as in any Node ES module.
 * - On Lambda, credentials are always in the environment; aliasing the default provider chain
 *   to the environment provider drops SSO/STS/INI/IMDS code (~140 KB) from every bundle.
 * - DynamoDB endpoint discovery (off by default, never used by our commands) is aliased to a
 *   stub that keeps it off, dropping its endpoint cache (~8 KB) from every DynamoDB bundle.
 * - `node:stream/web`, which @middy/core imports only for streamed responses (none of ours
 *   streams), is aliased to a stand-in that reads Node's lazily loaded global instead, so a cold
 *   start does not load web streams (docs/decisions/0030, amended 2026-11-26).
 * - The banner gives bundled CommonJS dependencies a `require` inside an ES module (every file).
 * - NODE_ENV is "production" in the code, as in the web's bundles: React (the blog's renderer,
 *   web/render/blog-site.tsx, in the site's publisher) picks its production build by it, and
 *   Lambda sets no NODE_ENV, so React would run, and ship, its development build beside it (the
 *   publisher's bundle was 913 KB with both, 531 KB without). No code of ours reads it. The
 *   renderer's .tsx, its JSX (tsconfig's react-jsx) and the components' imports need no loader:
 *   they import no stylesheet or image (the client's stylesheet is its entry's import).
 */
const LAMBDA_BUILD: BuildOptions = {
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  minify: true,
  sourcemap: false,
  mainFields: ['module', 'main'],
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  alias: {
    '@aws-sdk/credential-provider-node': runtimeStandIn('env-credentials.ts'),
    '@aws-sdk/middleware-endpoint-discovery': runtimeStandIn('no-endpoint-discovery.ts'),
    'node:stream/web': runtimeStandIn('lazy-web-streams.ts'),
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  logLevel: 'warning',
  absWorkingDir: REPO_ROOT,
};

/** The name of the entry's output, the module Lambda loads. */
const ENTRY_NAME = 'index';
/** The file Lambda loads: the entry's output in `outdir`. */
export const LAMBDA_ENTRY_FILE = `${ENTRY_NAME}.mjs`;
/** The function's handler setting: the entry file's `handler` export. */
export const LAMBDA_HANDLER = `${ENTRY_NAME}.handler`;

/** The options building one function's handler module (absolute, or relative to the repository) into `outdir`. */
export const lambdaBuildOptions = (entry: string, outdir: string): BuildOptions => ({
  ...LAMBDA_BUILD,
  entryPoints: { [ENTRY_NAME]: entry },
  outdir,
});

/**
 * The options building source text (a benchmark's floor) as a function is built, its imports
 * resolved from `resolveDir`; its entry's output is `stdin.mjs`.
 */
export const lambdaBuildOptionsForSource = (source: string, resolveDir: string, outdir: string): BuildOptions => ({
  ...LAMBDA_BUILD,
  stdin: { contents: source, resolveDir, loader: 'ts' },
  outdir,
});
