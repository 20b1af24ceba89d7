/**
 * The post as the site would serve it once published (POST_ROUTES.preview, decision 0053): what
 * is typed, saved or not, rendered by the blog's one renderer (web/render/blog-site.tsx
 * renderPostPreview) among the posts on the site, with the render kit of the deployed build, so
 * the header, footer, side panel and Previous/Next links are the real ones. The renderer and the
 * S3 client are read at the first preview, not at every cold start of the Posts screen's function.
 */
import type { PublishedPost, RenderKit } from '#shared/blog-site.ts';
import { POST_ROUTES } from '#shared/console/posts.ts';
import { readPublishedPosts } from '../../data/posts';
import { fieldsOf } from '../../data/post-items';
import type { ApiResult } from '../../http/types';
import { requireEnv } from '../../runtime/env';
import { onFirstUse } from '../../runtime/on-first-use';
import { bodyRoute, type ConsoleRoute } from '../kit/router';
import { postSchemas, type PostRequest } from './post-routes';

/** A deploy changes the kit (new asset names): a preview reads it again after this long. */
const KIT_KEPT_SECONDS = 60;

const kitReader = onFirstUse(async () => (await import('./render-kit-reader')).renderKitReaderFromEnv());
let kept: { kit: RenderKit; until: number } | undefined;
const renderKit = async (now: number): Promise<RenderKit> => {
  if (!kept || now >= kept.until) kept = { kit: await (await kitReader())(), until: now + KIT_KEPT_SECONDS };
  return kept.kit;
};

const renderer = onFirstUse(async () => (await import('#web/render/blog-site.tsx')).renderPostPreview);

/** The preview's page: HTML for the console's frame, never cached (it is a draft's). */
const htmlResponse = (html: string): ApiResult => ({
  statusCode: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  body: html,
});

export const POST_PREVIEW_ROUTES: ConsoleRoute<PostRequest>[] = [
  bodyRoute({
    route: POST_ROUTES.preview,
    body: postSchemas.bodySchema((schemas) => schemas.postPreviewSchema),
    handle: async (request, { id, ...fields }) => {
      const [published, kit, render] = await Promise.all([
        readPublishedPosts(request.stores.posts),
        renderKit(request.now),
        renderer(),
      ]);
      // As it would be published: its own place among the others (once published, they are its neighbours).
      const live = published.find((post) => post.id === id);
      const post: PublishedPost = {
        ...fieldsOf(fields),
        id: id ?? 'preview',
        publishedAt: live?.publishedAt ?? request.now,
        revision: live?.revision ?? 0,
        redirectsFrom: live?.redirectsFrom ?? [],
      };
      return htmlResponse(render(post, published, kit, requireEnv('SITE_URL').replace(/\/+$/, '')));
    },
  }),
];
