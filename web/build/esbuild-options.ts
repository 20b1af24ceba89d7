import type { BuildOptions } from 'esbuild';
import type { SiteConfig } from '#web/src/config.ts';
import { CONSOLE_CHUNK_SOURCES, consoleChunkImports } from './console-chunks';
import { BOOT_SOURCE, CLIENT_ENTRY_SOURCE } from './page-assets';
import { REPO_ROOT } from '#shared/repo-root.ts';

export const PRERENDER_ENTRY_SOURCE = 'web/src/entry-prerender.tsx';
/** The owners' console (web/src/console): its own entry, built apart from the public site. */
export const CONSOLE_ENTRY_SOURCE = 'web/src/console/main.tsx';
/** Where the console's files go: no public page names anything under it. */
export const CONSOLE_ASSETS_DIR = 'assets/console';

/** Media imported from code get hashed file names under /assets/, the same in both bundles. */
const MEDIA_LOADERS: BuildOptions['loader'] = {
  '.svg': 'file',
  '.png': 'file',
  '.jpg': 'file',
  '.webp': 'file',
  '.mp4': 'file',
  '.woff2': 'file',
};

/** Both bundles see the same constants, so the prerendered HTML and the client agree. */
function shared(config: SiteConfig): BuildOptions {
  return {
    absWorkingDir: REPO_ROOT,
    bundle: true,
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': '"production"',
      __SITE_CONFIG__: JSON.stringify(config),
    },
    assetNames: 'assets/[name]-[hash]',
    publicPath: '/',
    logLevel: 'warning',
  };
}

/**
 * Asks V8 (Chrome 136+) to compile every function of a file eagerly, on the background thread
 * that streams the script, instead of lazily on the main thread the first time a function runs.
 * It must be the file's first line. Without it, the first call of react-dom's one big CommonJS
 * factory compiled 200 KB on the main thread: one long task, most of the page's Total Blocking
 * Time. See docs/decisions/0062-compile-hints.md.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The browser bundle: ESM with code splitting (one chunk per page module, shared chunks for
 * what pages have in common), minified, content-hashed names under assets/ so CloudFront can
 * cache them for a year, CSS bundled from the entry's imports.
 */
export function clientBuildOptions(config: SiteConfig, outdir: string): BuildOptions & { metafile: true } {
  return {
    ...shared(config),
    entryPoints: [CLIENT_ENTRY_SOURCE],
    outdir,
    format: 'esm',
    splitting: true,
    minify: true,
    // Browsers with native ESM, dynamic import and modulepreload (the site's support floor).
    target: ['es2022', 'chrome111', 'edge111', 'firefox111', 'safari16.4'],
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/chunk-[hash]',
    loader: MEDIA_LOADERS,
    legalComments: 'linked',
    // Every chunk: a chunk is fetched only when its page (or the app shell) is about to run it.
    banner: { js: COMPILE_HINT },
    metafile: true,
  };
}

/**
 * The console's bundle: a build of its own, so no file or stylesheet of it ever enters the public
 * pages (their stylesheets are inlined from their build's every CSS output); the site's one CSP
 * lists the hashes of both builds' inline elements. Only the owners load it, from /admin. One
 * script, no chunks: on the profile of issue 19 §7 each chunk level cost a round trip before the
 * first call could start (docs/decisions/0064-console-one-file-and-early-data.md); its lazy
 * screens stay in it and run only when opened. The shell carries the script and stylesheet inline
 * (web/build/console-shell.ts, docs/decisions/0066-console-inline-script.md). No separate start-up
 * script either: on that profile any request in flight beside the file slowed its download more
 * than an early call saved (decision 0064, amendment of 2026-11-26).
 *
 * It runs on react and react-dom, as the public site does: one renderer in the codebase
 * (docs/decisions/0065-console-preact-compat.md, amendment of 2026-11-28).
 *
 * The one exception: a screen's own module named in console-chunks.ts is a file of its own, built
 * first (consoleChunkBuildOptions); `chunkUrls` (consoleChunkUrls) names the files its dynamic
 * imports become.
 */
export function consoleBuildOptions(
  config: SiteConfig,
  outdir: string,
  chunkUrls: ReadonlyMap<string, string>,
): BuildOptions & { metafile: true } {
  return {
    ...clientBuildOptions(config, outdir),
    entryPoints: [CONSOLE_ENTRY_SOURCE],
    entryNames: `${CONSOLE_ASSETS_DIR}/[name]-[hash]`,
    splitting: false,
    plugins: [consoleChunkImports(chunkUrls)],
  };
}

/**
 * The console's chunks (console-chunks.ts): each its own file beside the console's license notice,
 * minified and content-hashed like the site's assets (cached for a year), fetched only by the screen
 * that imports it.
 */
export function consoleChunkBuildOptions(config: SiteConfig, outdir: string): BuildOptions & { metafile: true } {
  return {
    ...clientBuildOptions(config, outdir),
    entryPoints: [...CONSOLE_CHUNK_SOURCES],
    entryNames: `${CONSOLE_ASSETS_DIR}/[name]-[hash]`,
    splitting: false,
  };
}

/**
 * The boot script (web/src/boot.ts), the page's only <script>: it imports the entry after the
 * first paint. Built alone, without code splitting, so it imports nothing itself.
 */
export function bootBuildOptions(outdir: string): BuildOptions & { metafile: true } {
  return {
    absWorkingDir: REPO_ROOT,
    entryPoints: [BOOT_SOURCE],
    outdir,
    bundle: true,
    format: 'esm',
    minify: true,
    target: ['es2022', 'chrome111', 'edge111', 'firefox111', 'safari16.4'],
    entryNames: 'assets/[name]-[hash]',
    logLevel: 'warning',
    metafile: true,
  };
}

/** The Node bundle that renders pages to HTML: same app code, packages left to node_modules. */
export function prerenderBuildOptions(config: SiteConfig, outfile: string): BuildOptions {
  return {
    ...shared(config),
    entryPoints: [PRERENDER_ENTRY_SOURCE],
    outfile,
    platform: 'node',
    target: 'node24',
    // CommonJS so both tsx and jest can require() it without an ESM loader.
    format: 'cjs',
    packages: 'external',
    // Styles are the client bundle's job; the HTML links its stylesheet.
    loader: { ...MEDIA_LOADERS, '.css': 'empty' },
  };
}
