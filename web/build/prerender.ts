/**
 * `npm run build`'s prerender: every page of the route table to HTML, with the app's own components
 * (bundled for Node), except the blog's, which the blog's renderer writes from the posts
 * (web/render/blog-site.tsx) with the render kit made here: what the build's pages inline and load.
 */
import { build } from 'esbuild';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RenderKit, RenderKitPage } from '#shared/blog-site.ts';
import { headValues } from '#web/src/app/document-head.ts';
import { BLOG_PAGE_SOURCES, type RouteHandle } from '#web/src/app/route-handle.ts';
import type { SiteConfig } from '#web/src/config.ts';
import { prerenderBuildOptions } from './esbuild-options';
import { hoistResourceLinks, htmlDocument } from './html-document';
import { cspHash, type CspHashes } from './csp-hashes';
import type { ClientAssets } from './page-assets';
import { planPages, type PlannedPage, type RouteInfo } from './page-plan';
import { SITE_ICON_FILE, svgDataUri } from './site-icon';
import { REPO_ROOT } from '#shared/repo-root.ts';

interface PrerenderModule {
  pageRoutes(): RouteInfo[];
  renderPage(url: string): Promise<{ html: string; handle: RouteHandle }>;
}

const BUNDLE = path.join(REPO_ROOT, 'web/.generated/prerender/entry-prerender.cjs');

/** Bundles the app for Node and loads it fresh (watch mode rebuilds it in the same process). */
async function loadPrerenderModule(config: SiteConfig): Promise<PrerenderModule> {
  await build(prerenderBuildOptions(config, BUNDLE));
  const nodeRequire = createRequire(__filename);
  delete nodeRequire.cache[BUNDLE];
  return nodeRequire(BUNDLE) as PrerenderModule;
}

/** What a blog page loads: the kit's part of a page's assets (the rest is the kit's own). */
const kitPage = (assets: ClientAssets, source: string): RenderKitPage => {
  const { bootScript, entryScript, stylesheets, modulePreloads } = assets.forPage([source]);
  return { bootScript, entryScript, stylesheets, modulePreloads };
};

/**
 * Renders every page of the route table into `outDir` as complete HTML documents, but the blog's,
 * and returns the plan (which page went to which file) for the manifests, the hashes of the pages'
 * inline elements for the CSP, and the render kit the blog's pages are rendered with.
 */
export async function prerenderPages(
  config: SiteConfig,
  assets: ClientAssets,
  outDir: string,
): Promise<{ pages: PlannedPage[]; cspHashes: CspHashes; kit: RenderKit }> {
  const app = await loadPrerenderModule(config);
  const pages = planPages(app.pageRoutes());
  // Every page inlines the same stylesheets (one <style> each) and the same boot script; their
  // hashes go to the CSP (build.ts writes them, infra/cdk/site/security-headers.ts reads them).
  const inlineCss = await Promise.all(assets.stylesheets().map((url) => readFile(path.join(outDir, url), 'utf8')));
  const bootCode = (await readFile(path.join(outDir, assets.forPage([]).bootScript), 'utf8')).trim();
  const iconUri = svgDataUri(await readFile(path.join(outDir, SITE_ICON_FILE), 'utf8'));
  const cspHashes: CspHashes = { styles: inlineCss.map(cspHash), scripts: [cspHash(bootCode)] };
  for (const page of pages.filter(({ kind }) => kind !== 'blog')) {
    const { html, handle } = await app.renderPage(page.url);
    const { resourceLinks, bodyHtml } = hoistResourceLinks(html);
    if (handle.source !== page.handle.source)
      throw new Error(`${page.url} rendered ${handle.source}, planned ${page.handle.source}`);
    const document = htmlDocument({
      head: headValues(handle.meta, config.siteUrl),
      assets: { ...assets.forPage([handle.source]), inlineCss, bootCode, iconUri },
      jsonLd: handle.meta.jsonLd,
      resourceLinks,
      bodyHtml,
    });
    const file = path.join(outDir, page.file);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, document);
  }
  const kit: RenderKit = {
    config,
    inlineCss,
    bootCode,
    iconUri,
    pages: { post: kitPage(assets, BLOG_PAGE_SOURCES.post), index: kitPage(assets, BLOG_PAGE_SOURCES.index) },
  };
  return { pages, cspHashes, kit };
}
