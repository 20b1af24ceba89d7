/**
 * `npm run build`: the whole deployable website in web/dist (docs/architecture.md#the-website).
 *
 * 1. generate content modules (legal pages) from Markdown,
 * 2. bundle the client with esbuild (ESM, code splitting, hashed names, metafile),
 * 3. copy web/public, prerender every route to HTML (pages, subscriber shells, 404) but the blog's,
 *    and write the render kit the blog's pages are rendered with (RENDER_KIT_KEY),
 * 4. bundle the owners' console on its own (its few screen-only files first: web/build/console-chunks.ts)
 *    and write its HTML shell (web/build/console-shell.ts),
 *    the CSP hashes of every inline element (web/build/csp-hashes.ts),
 * 5. write _routes.json, sitemap.xml and robots.txt,
 * then swap the finished directory into web/dist, so a server never sees half a build. The blog
 * (posts, /blog, its data, feed and sitemap) is the site's publisher's, from the Posts table, after
 * each deploy and at `npm start` (docs/decisions/0053-blog-posts-from-the-console.md).
 */
import { build, type Metafile } from 'esbuild';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RENDER_KIT_KEY, type RenderKit } from '#shared/blog-site.ts';
import type { SiteConfig } from '#web/src/config.ts';
import { writeConsoleShell, type ConsoleShellAssets } from './console-shell';
import { consoleChunkUrls } from './console-chunks';
import { bootBuildOptions, clientBuildOptions, consoleBuildOptions, consoleChunkBuildOptions } from './esbuild-options';
import { writeCspHashes } from './csp-hashes';
import { ClientAssets } from './page-assets';
import { robotsTxt, routesManifest, sitemapXml, type PlannedPage } from './page-plan';
import { prerenderPages } from './prerender';
import { readSiteConfig } from './site-config';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { onFileChanges } from './watch-files';
import { generateContentModules } from './generate';

export const DIST_DIR = path.join(REPO_ROOT, 'web/dist');
/** esbuild's metafile of the last build, output paths relative to web/dist (for measure-assets). */
export const METAFILE_PATH = path.join(REPO_ROOT, 'web/.generated/client-metafile.json');
const PUBLIC_DIR = path.join(REPO_ROOT, 'web/public');

export interface BuildResult {
  outDir: string;
  config: SiteConfig;
  pages: PlannedPage[];
  /** The public site's bundle: output paths relative to outDir. */
  metafile: Metafile;
  /** What the console's shell carries inline (a bundle apart from the public site's). */
  console: ConsoleShellAssets;
  /** What the blog's pages are rendered with (written at RENDER_KIT_KEY). */
  kit: RenderKit;
}

/** Rewrites the metafile's output keys from the staging directory to paths inside dist. */
function relativeToOutDir(metafile: Metafile, stagingRelative: string): Metafile {
  const strip = (file: string) =>
    file.startsWith(`${stagingRelative}/`) ? file.slice(stagingRelative.length + 1) : file;
  const outputs = Object.fromEntries(
    Object.entries(metafile.outputs).map(([file, info]) => [
      strip(file),
      {
        ...info,
        imports: info.imports.map((i) => ({ ...i, path: strip(i.path) })),
        ...(info.cssBundle ? { cssBundle: strip(info.cssBundle) } : {}),
      },
    ]),
  );
  return { ...metafile, outputs };
}

export async function buildSite(options: { outDir?: string; config?: SiteConfig } = {}): Promise<BuildResult> {
  const config = options.config ?? readSiteConfig();
  const outDir = path.resolve(options.outDir ?? DIST_DIR);
  // A hidden sibling, so the final rename stays on one filesystem.
  const staging = path.join(path.dirname(outDir), `.${path.basename(outDir)}-staging`);
  const stagingRelative = path.relative(REPO_ROOT, staging).split(path.sep).join('/');

  await generateContentModules();

  await rm(staging, { recursive: true, force: true });
  try {
    await mkdir(staging, { recursive: true });
    await cp(PUBLIC_DIR, staging, { recursive: true });
    const client = await build(clientBuildOptions(config, staging));
    // The boot script on its own, so it imports nothing and costs one small request.
    const boot = await build(bootBuildOptions(staging));
    const metafile: Metafile = {
      inputs: { ...client.metafile.inputs, ...boot.metafile.inputs },
      outputs: { ...client.metafile.outputs, ...boot.metafile.outputs },
    };
    const site = await prerenderPages(config, new ClientAssets(metafile, stagingRelative), staging);
    const consoleChunks = await build(consoleChunkBuildOptions(config, staging));
    const chunkUrls = consoleChunkUrls(consoleChunks.metafile, stagingRelative);
    const consoleBuild = await build(consoleBuildOptions(config, staging, chunkUrls));
    const consoleShell = await writeConsoleShell(staging, consoleBuild.metafile, stagingRelative);
    // One CSP for the whole site: it allows the public pages' and the console shell's inline elements.
    await writeCspHashes(staging, [site.cspHashes, consoleShell.cspHashes]);
    const { pages, kit } = site;
    await mkdir(path.dirname(path.join(staging, RENDER_KIT_KEY)), { recursive: true });
    await writeFile(path.join(staging, RENDER_KIT_KEY), `${JSON.stringify(kit)}\n`);
    await writeFile(path.join(staging, '_routes.json'), `${JSON.stringify(routesManifest(pages), null, 2)}\n`);
    await writeFile(path.join(staging, 'sitemap.xml'), sitemapXml(pages, config.siteUrl));
    await writeFile(path.join(staging, 'robots.txt'), robotsTxt(config.siteUrl));
    await rm(outDir, { recursive: true, force: true });
    await rename(staging, outDir);
    return await saveMetafile({
      outDir,
      config,
      pages,
      metafile: relativeToOutDir(metafile, stagingRelative),
      console: consoleShell.shell,
      kit,
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Keeps the default build's metafile where measure-assets and the benchmark find it. */
async function saveMetafile(result: BuildResult): Promise<BuildResult> {
  if (result.outDir === DIST_DIR) {
    await mkdir(path.dirname(METAFILE_PATH), { recursive: true });
    await writeFile(METAFILE_PATH, JSON.stringify(result.metafile));
  }
  return result;
}

/** What `npm run dev` watches: the app, its content and media, and the shared contract. */
const WATCHED_DIRS = ['web/src', 'web/content', 'web/public', 'shared'].map((dir) => path.join(REPO_ROOT, dir));

export interface WatchBuildOptions {
  /** Overrides of the settings; the rest come from cdk.json and env (e.g. SITE_URL). */
  config?: Partial<SiteConfig>;
  /** A failed rebuild keeps the previous web/dist; the default prints the reason. */
  onError?: (error: unknown) => void;
}

/**
 * Builds web/dist now and again after every change under web/src, web/content, web/public
 * or shared/, calling `onBuild` after each successful build (e.g. to reload _routes.json and
 * clear a server's file cache). Resolves once the first build is done; close() stops watching.
 */
export async function watchBuild(
  onBuild?: (result: BuildResult) => void,
  options: WatchBuildOptions = {},
): Promise<{ close(): void }> {
  const config = { ...readSiteConfig(), ...options.config };
  const onError =
    options.onError ??
    ((error) => console.error('Website build failed:', error instanceof Error ? error.message : error));
  const watcher = onFileChanges(WATCHED_DIRS, async () => {
    const started = Date.now();
    try {
      const result = await buildSite({ config });
      console.log(`Website built (${result.pages.length} pages) in ${Date.now() - started} ms.`);
      onBuild?.(result);
    } catch (error) {
      onError(error);
    }
  });
  await watcher.firstRun;
  return { close: watcher.close };
}

if (require.main === module) {
  const started = Date.now();
  buildSite()
    .then(({ outDir, pages, config }) => {
      const where = path.relative(process.cwd(), outDir) || '.';
      console.log(`Built ${pages.length} pages for ${config.siteUrl} into ${where} in ${Date.now() - started} ms.`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
