/**
 * A published post (shared/blog-site.ts, the publisher's and the preview's input) as the site's
 * pages and data files show it (web/src/features/blog/types.ts), and the order the blog lists
 * posts in.
 */
import type { PublishedPost } from '#shared/blog-site.ts';
import type { PostSummary, PostView } from '#web/src/features/blog/types.ts';
import { postDateText, postIsoDate } from '#shared/post-dates.ts';

/** Newest first by the date shown; posts of one day by when they were published, then by slug. */
export const newestFirst = (posts: readonly PublishedPost[]): PublishedPost[] =>
  [...posts].sort(
    (a, b) => b.postedDate.localeCompare(a.postedDate) || b.publishedAt - a.publishedAt || a.slug.localeCompare(b.slug),
  );

/** The post as /blog lists it: its card shows the thumbnail, else the banner. */
export function postSummary(post: PublishedPost): PostSummary {
  const image = post.thumbnail ?? post.banner;
  return {
    slug: post.slug,
    title: post.title,
    ...(post.subtitle ? { subtitle: post.subtitle } : {}),
    dateText: postDateText(post.postedDate),
    isoDate: postIsoDate(post.postedDate),
    ...(post.author ? { author: post.author } : {}),
    ...(image ? { image } : {}),
  };
}

/**
 * The post as its page shows it: the banner, else the thumbnail; the social title, else the title;
 * the social image, else the banner (shared/console/posts.ts PostDraft).
 */
export function postView(post: PublishedPost): PostView {
  const banner = post.banner ?? post.thumbnail;
  const ogImage = (post.socialImage ?? post.banner)?.src;
  return {
    ...postSummary(post),
    ...(banner ? { banner } : {}),
    description: post.metaDescription,
    socialTitle: post.socialTitle || post.title,
    ...(ogImage ? { ogImage } : {}),
  };
}
