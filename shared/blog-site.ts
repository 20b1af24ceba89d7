/**
 * Where the blog lives on the site once its posts are the owners' (issue 31,
 * docs/decisions/0053-blog-posts-from-the-console.md): the publisher writes these objects, the edge
 * routes these paths to them, the web build's deployment never writes or prunes them, and the
 * publisher's S3 grant names exactly these keys. Stated once for the publisher, the edge, the
 * deployment and the local twin.
 */

/** The blog's index page, listed by the build's route table (the publisher writes its object). */
export const BLOG_INDEX_PATH = '/blog';

/** A published post's page: at the site's root, as the spec's posts are (`/<slug>`). */
export const postPagePath = (slug: string) => `/${slug}`;

/**
 * A post page's object. Not at `<slug>/index.html` like the build's pages: under a prefix of its
 * own, so the deployment can leave every post alone by one exclude pattern and the publisher's grant
 * cannot reach a build page.
 */
export const postPageKey = (slug: string) => `blog-posts/${slug}/index.html`;

/** The data the public site's code reads after the HTML (a post's body and neighbours; the index). */
export const BLOG_DATA_PREFIX = '/blog-data';
export const postDataPath = (slug: string) => `${BLOG_DATA_PREFIX}/posts/${encodeURIComponent(slug)}.json`;
export const BLOG_CATALOG_PATH = `${BLOG_DATA_PREFIX}/catalog.json`;

/** Images owners upload: the browser POSTs to `post-uploads/`, accepted ones are served from `media/posts/`. */
export const POST_UPLOADS_PREFIX = 'post-uploads/';
export const POST_MEDIA_PREFIX = 'media/posts/';
/**
 * How long an accepted image may be kept by browsers and CloudFront: a year, never revalidated, as
 * the hashed assets are: its name is its content's hash, so a changed image is a new name.
 */
export const POST_MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Root files the blog's publisher owns (it rewrites them on each change). */
export const BLOG_FILES = {
  index: { path: BLOG_INDEX_PATH, key: 'blog/index.html', contentType: 'text/html; charset=utf-8' },
  feed: { path: '/rss.xml', key: 'rss.xml', contentType: 'application/rss+xml; charset=utf-8' },
  sitemap: { path: '/blog-sitemap.xml', key: 'blog-sitemap.xml', contentType: 'application/xml; charset=utf-8' },
} as const;

/**
 * Every key the publisher may write and the deployment must neither upload nor prune. Uploads are
 * not among them: only the image function reads and deletes there.
 */
export const BLOG_KEY_PATTERNS = [
  'blog-posts/*',
  'blog-data/*',
  BLOG_FILES.index.key,
  BLOG_FILES.feed.key,
  BLOG_FILES.sitemap.key,
  `${POST_MEDIA_PREFIX}*`,
] as const;

/**
 * The keys the publisher writes for the blog (its S3 grant, what its blog section owns): the
 * blog's keys but the owners' images, which the image function writes.
 */
export const BLOG_PUBLISHED_KEY_PATTERNS = BLOG_KEY_PATTERNS.filter((pattern) => pattern !== `${POST_MEDIA_PREFIX}*`);

/**
 * The edge's KeyValueStore keys (one store per function, shared with the newsletter archive): a
 * published post's slug, and an old slug that answers 301. Values: the post's slug for a page, the
 * path to redirect to for a redirect.
 */
export const postRouteKey = (slug: string) => `post:${slug}`;
export const redirectRouteKey = (slug: string) => `redirect:${slug}`;

/**
 * A slug the edge can route and a person can type: lower-case letters and digits in words joined by
 * single hyphens. The apostrophe is allowed inside a word for the two seed posts whose published
 * addresses carry one (`facets-of-jobs-why-it's-so-hard-to-hire-good-people`): changing them would
 * break links people already have.
 */
export const POST_SLUG_PATTERN = /^[a-z0-9]+(?:'[a-z0-9]+)*(?:-[a-z0-9]+(?:'[a-z0-9]+)*)*$/;

/**
 * First segments no post may take: the site's own routes and folders besides the spec's pages
 * (which the consolePosts function adds from the build's route list, shared/paths.ts sitePaths).
 */
export const RESERVED_SLUGS = [
  'blog',
  'newsletter',
  'admin',
  'api',
  'assets',
  'images',
  'media',
  'blog-posts',
  'blog-data',
  'post-uploads',
  '_shell',
  '404',
  'index',
] as const;

/**
 * What the web build leaves for renders after it (the publisher, the console's preview): the inline
 * CSS, the boot script, the asset names of a post page and of `/blog`, the icon. In the site bucket,
 * never served (the edge routes no `_publish/` path).
 */
export const RENDER_KIT_KEY = '_publish/render-kit.json';

/** The files one kind of blog page loads, as site-relative URLs (the web build's PageAssets). */
export interface RenderKitPage {
  /** The boot script's file (its code is `bootCode`, inlined). */
  bootScript: string;
  entryScript: string;
  stylesheets: string[];
  /** The page module's chunks and react-dom's, which the boot script preloads after the first paint. */
  modulePreloads: string[];
}

/**
 * The render kit's content (JSON at RENDER_KIT_KEY): what a page of the blog needs from the build
 * whose client will hydrate it, so the publisher's pages match the deployed bundle.
 */
export interface RenderKit {
  /** The settings the client was built with (web/src/config.ts SiteConfig): its markup uses them. */
  config: { siteUrl: string; candidateAppUrl: string; bookCallUrl: string };
  /** The stylesheets' text, inlined into every page as the build's pages do (the CSP allows them by hash). */
  inlineCss: string[];
  /** The boot script's code, the page's only inline script (allowed by its hash). */
  bootCode: string;
  /** The site icon as a `data:` URI. */
  iconUri: string;
  /** A post's page (`post`) and /blog (`index`). */
  pages: { post: RenderKitPage; index: RenderKitPage };
}

/**
 * A post as the renderer takes it (the published revision's fields): the publisher's and the
 * preview's input, the seed's output. `redirectsFrom`: old slugs that answer 301 to this post.
 */
export interface PublishedPost {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  /** `2024-05-16` (Alberta's day), or `2022-12` where only the month is known (shown "December 2022"). */
  postedDate: string;
  author: string;
  markdown: string;
  banner?: { src: string; width: number; height: number; alt: string };
  thumbnail?: { src: string; width: number; height: number; alt: string };
  metaDescription: string;
  /** Empty: the title. */
  socialTitle: string;
  socialImage?: { src: string; width: number; height: number; alt: string };
  /** Unix seconds. */
  publishedAt: number;
  revision: number;
  redirectsFrom: string[];
}

/** One object the renderer produces: its key in the bucket, its body and the headers it is served with. */
export interface SiteObject {
  key: string;
  /** The paths visitors ask for that this object answers (for the invalidation), if any. */
  paths: string[];
  body: string;
  contentType: string;
}
