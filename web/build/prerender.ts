import { build } from 'esbuild';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { headValues } from '../src/app/document-head';
import { pageModuleSource } from '../src/app/page-modules';
import type { RouteHandle } from '../src/app/route-handle';
import type { SiteConfig } from '../src/config';
import { prerenderBuildOptions } from './esbuild-options';
import { hoistResourceLinks, htmlDocument } from './html-document';
import type { ClientAssets } from './page-assets';
import { planPages, type PlannedPage, type RouteInfo } from './page-plan';
import { REPO_ROOT } from './site-config';

interface PrerenderModule {
  pageRoutes(): RouteInfo[];
  renderPage(url: string): Promise<{ html: string; handle: RouteHandle }>;
}

/**
 * The client modules a page needs before it hydrates: its page module and, for a blog post,
 * its body chunk (web/build/blog-content.ts writes one module per post at bodies/<id>.ts).
 */
const hydrationSources = (handle: RouteHandle) => [
  pageModuleSource(handle.page),
  ...(handle.post ? [`web/.generated/blog/bodies/${handle.post.id}.ts`] : []),
];

const BUNDLE = path.join(REPO_ROOT, 'web/.generated/prerender/entry-prerender.cjs');

/** Bundles the app for Node and loads it fresh (watch mode rebuilds it in the same process). */
async function loadPrerenderModule(config: SiteConfig): Promise<PrerenderModule> {
  await build(prerenderBuildOptions(config, BUNDLE));
  const nodeRequire = createRequire(__filename);
  delete nodeRequire.cache[BUNDLE];
  return nodeRequire(BUNDLE) as PrerenderModule;
}

/**
 * Renders every page of the route table into `outDir` as complete HTML documents and returns
 * the plan (which page went to which file) for the manifests.
 */
export async function prerenderPages(config: SiteConfig, assets: ClientAssets, outDir: string): Promise<PlannedPage[]> {
  const app = await loadPrerenderModule(config);
  const pages = planPages(app.pageRoutes());
  for (const page of pages) {
    const { html, handle } = await app.renderPage(page.url);
    const { resourceLinks, bodyHtml } = hoistResourceLinks(html);
    if (handle.page !== page.handle.page) throw new Error(`${page.url} rendered ${handle.page}, planned ${page.handle.page}`);
    const document = htmlDocument({
      head: headValues(handle.meta, config.siteUrl),
      assets: assets.forPage(hydrationSources(handle)),
      jsonLd: handle.meta.jsonLd,
      resourceLinks,
      bodyHtml,
    });
    const file = path.join(outDir, page.file);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, document);
  }
  return pages;
}
