/**
 * The blog's one renderer (docs/decisions/0053-blog-posts-from-the-console.md, "One renderer"):
 * from the published posts and the render kit of the deployed build, every object of the blog
 * (each post's page and data file, /blog and its catalog, the feed, the blog's sitemap), and the
 * console's preview of one post exactly as it would be published. Called by the site's publisher
 * (a Lambda bundle: the only web module lambdas/ may import), the console's preview route, and the
 * web build for a site without a publisher (the seed posts: web/build/build.ts).
 */
import {
  BLOG_CATALOG_PATH,
  BLOG_FILES,
  BLOG_INDEX_PATH,
  postDataPath,
  postPageKey,
  postPagePath,
  type PublishedPost,
  type RenderKit,
  type SiteObject,
} from '#shared/blog-site.ts';
import { PAGE_META } from '#web/content/pages/meta.ts';
import BlogPostRoute from '#web/src/app/routes/blog-post.tsx';
import { BLOG_PAGE_SOURCES } from '#web/src/app/route-handle.ts';
import BlogIndexPage from '#web/src/features/blog/BlogIndexPage.tsx';
import { blogDataForRender } from '#web/src/features/blog/blog-data.ts';
import { adjacentPosts } from '#web/src/features/blog/post-chain.ts';
import { postMeta } from '#web/src/features/blog/post-meta.ts';
import type { BlogCatalog, PostPageData, PostView } from '#web/src/features/blog/types.ts';
import { blogPageDocument } from './blog-pages';
import { blogSitemapXml, renderRss } from './blog-feeds';
import { renderPostBody } from './post-markdown';
import { newestFirst, postSummary, postView } from './post-views';

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/** A post's data file: its view, its body's HTML and its neighbours in the list (newest first). */
function postPageData(post: PublishedPost, view: PostView, ordered: readonly PostView[]): PostPageData {
  const body = renderPostBody(post.markdown);
  if ('problem' in body) throw new Error(`The post "${post.slug}" cannot be rendered: its body ${body.problem}`);
  return { post: view, body, ...adjacentPosts(ordered, post.slug) };
}

/** A post's page, its data provided to the page module for the render and dropped after it. */
function postDocument(data: PostPageData, kit: RenderKit, siteUrl: string, scripts: boolean): string {
  const { slug } = data.post;
  blogDataForRender.providePost(slug, data);
  try {
    return blogPageDocument(
      {
        pathname: postPagePath(slug),
        handle: { source: BLOG_PAGE_SOURCES.post, meta: postMeta(data.post, siteUrl), blog: 'post' },
        page: <BlogPostRoute />,
        assets: kit.pages.post,
        dataFile: postDataPath(slug),
        scripts,
      },
      kit,
      siteUrl,
    );
  } finally {
    blogDataForRender.forgetPost(slug);
  }
}

function indexDocument(catalog: BlogCatalog, kit: RenderKit, siteUrl: string): string {
  blogDataForRender.provideCatalog(catalog);
  try {
    return blogPageDocument(
      {
        pathname: BLOG_INDEX_PATH,
        handle: { source: BLOG_PAGE_SOURCES.index, meta: { ...PAGE_META.blog, path: BLOG_INDEX_PATH }, blog: 'index' },
        page: <BlogIndexPage />,
        assets: kit.pages.index,
        dataFile: BLOG_CATALOG_PATH,
      },
      kit,
      siteUrl,
    );
  } finally {
    blogDataForRender.forgetCatalog();
  }
}

const json = (data: unknown) => JSON.stringify(data);

/**
 * Every object of the blog for these posts (in any order; the blog lists them newest first):
 * `postPageKey(slug)` and `postDataPath(slug)` for each, /blog with BLOG_CATALOG_PATH, the feed and
 * the blog's sitemap (BLOG_FILES). `siteUrl` is the site's origin for absolute links (canonical,
 * Open Graph, the feed, the sitemap). Throws, naming the post, for a body it cannot render.
 */
export function renderBlogObjects(posts: PublishedPost[], kit: RenderKit, siteUrl: string): SiteObject[] {
  const ordered = newestFirst(posts);
  const views = ordered.map(postView);
  const catalog: BlogCatalog = { posts: ordered.map(postSummary) };
  const objects = ordered.flatMap((post, index): SiteObject[] => {
    const data = postPageData(post, views[index]!, views);
    const page = postPagePath(post.slug);
    const dataFile = postDataPath(post.slug);
    return [
      { key: postPageKey(post.slug), paths: [page], body: postDocument(data, kit, siteUrl, true), contentType: HTML },
      { key: dataFile.slice(1), paths: [dataFile], body: json(data), contentType: JSON_TYPE },
    ];
  });
  const file = (spec: (typeof BLOG_FILES)[keyof typeof BLOG_FILES], body: string): SiteObject => ({
    key: spec.key,
    paths: [spec.path],
    body,
    contentType: spec.contentType,
  });
  return [
    ...objects,
    { key: BLOG_CATALOG_PATH.slice(1), paths: [BLOG_CATALOG_PATH], body: json(catalog), contentType: JSON_TYPE },
    file(BLOG_FILES.index, indexDocument(catalog, kit, siteUrl)),
    file(BLOG_FILES.feed, renderRss(views, siteUrl)),
    file(BLOG_FILES.sitemap, blogSitemapXml(views, siteUrl)),
  ];
}

/**
 * The page of `post` exactly as the site would serve it once published among `others` (the other
 * published posts: its place in the list gives its Previous and Next links), without its script:
 * a preview never hydrates nor fetches data that is not published. Throws, naming the post, for a
 * body it cannot render.
 */
export function renderPostPreview(
  post: PublishedPost,
  others: PublishedPost[],
  kit: RenderKit,
  siteUrl: string,
): string {
  const ordered = newestFirst([post, ...others.filter((other) => other.id !== post.id && other.slug !== post.slug)]);
  const views = ordered.map(postView);
  const index = ordered.indexOf(post);
  return postDocument(postPageData(post, views[index]!, views), kit, siteUrl, false);
}
