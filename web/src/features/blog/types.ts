/**
 * The blog as the public site's code reads it: the data files the publisher writes beside the
 * pages (/blog-data, shared/blog-site.ts), made from the posts by the blog's renderer
 * (web/render/blog-site.tsx). The browser never sees Markdown, only these.
 */

/** An image of a post, with its intrinsic size (no layout shift) and its words for a screen reader. */
export interface PostImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** A post as the blog's grid lists it and as a neighbour links to it. */
export interface PostSummary {
  slug: string;
  title: string;
  /** Optional subtitle, e.g. 'Clarifying Expectations Part II'. */
  subtitle?: string;
  /** As displayed: 'May 16, 2024' (or 'December 2022' where only the month is known). */
  dateText: string;
  /** ISO date for feeds and structured data: '2024-05-16' (a month-only date: its first day). */
  isoDate: string;
  author?: string;
  /** The card's image: the post's thumbnail, else its banner; none, a card without a picture. */
  image?: PostImage;
}

/** A post as its own page shows it and describes itself in <head>. */
export interface PostView extends PostSummary {
  /** The page's largest image: the banner, else the thumbnail. */
  banner?: PostImage;
  /** The meta description (search results, social cards, the feed). */
  description: string;
  /** The title social sites show. */
  socialTitle: string;
  /** Site-relative or absolute URL of the image social sites show; none, the site's default. */
  ogImage?: string;
}

/** A post's rendered HTML, split where the shared mid-article callout goes. */
export interface PostBody {
  before: string;
  after: string;
}

/** A neighbour as the Previous/Next links name it. */
export type PostLink = Pick<PostSummary, 'slug' | 'title'>;

/** What a post page needs once its HTML is on screen: `/blog-data/posts/<slug>.json`. */
export interface PostPageData {
  post: PostView;
  body: PostBody;
  /** The newer post; the newest has none. */
  previous?: PostLink;
  /** The older post; the oldest has none. */
  next?: PostLink;
}

/** What /blog lists: `/blog-data/catalog.json`, every published post newest first. */
export interface BlogCatalog {
  posts: PostSummary[];
}
