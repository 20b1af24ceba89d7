/**
 * The console's few files besides its inline script: modules only one screen needs, large enough
 * to keep out of the script every owner downloads with each visit (docs/decisions/0066), built
 * by an esbuild call of their own (consoleChunkBuildOptions) before the console's. The console's
 * build replaces the screen's `import('./module')` by an import of the built file's URL, which
 * the browser fetches only when that screen first runs. Each imports no React and nothing the
 * script has (it would be a second copy): the screen hands it what it draws.
 *
 * The Site screen's charts (issue 32): its trend chart's drawing code.
 */
import path from 'node:path';
import type { Metafile, Plugin } from 'esbuild';
import { REPO_ROOT } from '#shared/repo-root.ts';

export const CONSOLE_CHUNK_SOURCES: readonly string[] = ['web/src/console/screens/site/trend-chart.ts'];

/** Each chunk source's URL on the site (`/assets/console/trend-chart-<hash>.js`), from its build's metafile. */
export function consoleChunkUrls(metafile: Metafile, outdir: string): ReadonlyMap<string, string> {
  const urls = new Map<string, string>();
  for (const [output, { entryPoint }] of Object.entries(metafile.outputs)) {
    if (entryPoint && output.endsWith('.js')) urls.set(entryPoint, `/${path.posix.relative(outdir, output)}`);
  }
  const missing = CONSOLE_CHUNK_SOURCES.filter((source) => !urls.has(source));
  if (missing.length > 0) throw new Error(`The console's chunk build wrote no file for ${missing.join(', ')}`);
  return urls;
}

const withoutExtension = (file: string) => file.replace(/\.[cm]?[jt]sx?$/, '');

/**
 * The console build's plugin: a dynamic import of a chunk source becomes an import of its file
 * (external: esbuild leaves `import("/assets/console/…")` as it is). A static import of one is an
 * error, since it would put the module back into the script.
 */
export function consoleChunkImports(urls: ReadonlyMap<string, string>): Plugin {
  const bySource = new Map(
    [...urls].map(([source, url]) => [withoutExtension(path.resolve(REPO_ROOT, source)), url] as const),
  );
  const names = [...bySource.keys()].map((source) => path.basename(source).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return {
    name: 'console-chunks',
    setup(build) {
      build.onResolve({ filter: new RegExp(`/(${names.join('|')})(\\.[cm]?[jt]sx?)?$`) }, (args) => {
        const url = bySource.get(withoutExtension(path.resolve(args.resolveDir, args.path)));
        if (!url) return undefined;
        if (args.kind !== 'dynamic-import') {
          return { errors: [{ text: `${args.path} is a file of its own (web/build/console-chunks.ts): import() it` }] };
        }
        return { path: url, external: true };
      });
    },
  };
}
