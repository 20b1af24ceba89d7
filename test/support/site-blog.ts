/**
 * The blog as the publisher leaves it on a site, for web tests that run the app: the objects the
 * blog's renderer makes from posts, with a stand-in render kit (the build's is in
 * test/web/build/build-output.test.ts), and a fetch() that answers the app's requests for its data
 * files from them, 404 for any other path.
 */
import type { PublishedPost, RenderKit, SiteObject } from '#shared/blog-site.ts';
import { renderBlogObjects } from '#web/render/blog-site.tsx';
import { siteConfig } from '#web/src/config.ts';

const page = { bootScript: '/assets/boot.js', entryScript: '/assets/entry.js', stylesheets: [], modulePreloads: [] };

/** A render kit of no build: the settings the web tests run with, no stylesheet, an empty boot script. */
export const TEST_KIT: RenderKit = {
  config: siteConfig,
  inlineCss: [],
  bootCode: '',
  iconUri: 'data:,',
  pages: { post: page, index: page },
};

/** The origin the tests' pages are rendered for (cdk.json names none: a deploy learns its own). */
export const TEST_SITE = 'https://www.example.ca';

export const renderTestBlog = (posts: PublishedPost[]): SiteObject[] => renderBlogObjects(posts, TEST_KIT, TEST_SITE);

/** Makes fetch() answer from `objects` by path (decoded, as the renderer states its paths). */
export function serveBlogData(objects: readonly SiteObject[]) {
  const fetchMock = jest.fn(async (url: string) => {
    const object = objects.find(({ paths }) => paths.includes(decodeURI(url)));
    return {
      ok: object !== undefined,
      status: object ? 200 : 404,
      json: async () => JSON.parse(object!.body) as unknown,
    } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
