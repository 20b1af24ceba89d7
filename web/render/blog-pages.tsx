/**
 * A blog page (a post, /blog) to a complete HTML document, rendered as the client will hydrate it:
 * the app's own frame and page modules (web/src/app/layout/PageFrame.tsx, the route's page), the
 * settings and asset names of the build that made the client (the render kit), and the same
 * document code as the build's prerender (web/build/html-document.ts).
 */
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { RenderKit, RenderKitPage } from '#shared/blog-site.ts';
import { headValues } from '#web/src/app/document-head.ts';
import { PageFrame } from '#web/src/app/layout/PageFrame.tsx';
import type { RouteHandle } from '#web/src/app/route-handle.ts';
import { SiteConfigProvider } from '#web/src/config.ts';
import type { PageMeta } from '#web/src/lib/page-meta.ts';
import { hoistResourceLinks, htmlDocument } from '#web/build/html-document.ts';

export interface BlogPageInput {
  /** The page's path, decoded (`/blog`, `/<slug>`). */
  pathname: string;
  /** Its route's handle, as the client's route table resolves it for this path. */
  handle: RouteHandle & { meta: PageMeta };
  /** The page module's element, its data already provided (web/src/features/blog/blog-data.ts). */
  page: ReactNode;
  /** What this kind of page loads. */
  assets: RenderKitPage;
  /** The data file the page renders with, which the boot script preloads with the chunks. */
  dataFile: string;
  /** A preview is a still picture: no script, so nothing hydrates (or fetches data not yet published). */
  scripts?: boolean;
}

/** The page's markup inside #root, exactly as the client's first render produces it. */
const renderRoot = ({ pathname, handle, page }: BlogPageInput, kit: RenderKit) =>
  renderToString(
    <StrictMode>
      <StaticRouter location={pathname}>
        <SiteConfigProvider value={kit.config}>
          <PageFrame handle={handle} pathname={pathname}>
            {page}
          </PageFrame>
        </SiteConfigProvider>
      </StaticRouter>
    </StrictMode>,
  );

/** The complete document of a blog page, its absolute URLs on `siteUrl`. */
export function blogPageDocument(input: BlogPageInput, kit: RenderKit, siteUrl: string): string {
  const { resourceLinks, bodyHtml } = hoistResourceLinks(renderRoot(input, kit));
  const { meta } = input.handle;
  return htmlDocument({
    head: headValues(meta, siteUrl),
    assets: {
      ...input.assets,
      inlineCss: kit.inlineCss,
      bootCode: kit.bootCode,
      iconUri: kit.iconUri,
      dataFiles: [input.dataFile],
    },
    jsonLd: meta.jsonLd,
    resourceLinks,
    bodyHtml,
    scripts: input.scripts ?? true,
  });
}
