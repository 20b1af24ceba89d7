/**
 * The Posts table's items (docs/decisions/0053-blog-posts-from-the-console.md), their keys and
 * shapes, for the console's routes and the publisher alike. A post is named by its id (22
 * base64url characters), never by its slug.
 */
import type { PostFields, PostRevisionRow, PostState, SeedPost } from '#shared/console/posts.ts';
import { POST_LIST } from '#shared/post-list-index.ts';

export type { PostFields, SeedPost };

/** `post#<id>`: the post as the owners see it (the latest revision's fields) and what is on the site. */
export interface PostItem extends PostFields {
  id: string;
  kind: 'post';
  /** On POST_LIST_INDEX (shared/post-list-index.ts), with `createdAt`. */
  list: typeof POST_LIST;
  postId: string;
  state: PostState;
  /** The latest revision's number: a change names the one it was made on (409 otherwise). */
  version: number;
  createdAt: number;
  updatedAt: number;
  updatedBy: string;
  /** While on the site: the revision published and its slug. */
  publishedRevision?: number;
  publishedSlug?: string;
  /** When it was first published (Unix seconds); kept through an unpublish. */
  publishedAt?: number;
  /** While a publish is scheduled: when, which revision with which slug, and the schedule's token. */
  scheduledAt?: number;
  scheduledRevision?: number;
  scheduledSlug?: string;
  scheduleToken?: string;
  /** Old slugs the post once had on the site: each answers 301 to it while it is published. */
  redirectsFrom: string[];
}

/** `revision#<id>#<n>`: one save, never changed after (a restore writes a new one). */
export interface RevisionItem extends PostRevisionRow {
  id: string;
  kind: 'post-revision';
  postId: string;
  fields: PostFields;
}

/**
 * `slug#<slug>`: who holds a slug (its current one, one on the site, one scheduled, or an old one
 * that answers 301). Created only if absent, so two posts never hold one slug, even saved at once.
 */
export interface SlugItem {
  id: string;
  kind: 'post-slug';
  slug: string;
  postId: string;
}

export const postItemId = (postId: string) => `post#${postId}`;
export const revisionItemId = (postId: string, revision: number) => `revision#${postId}#${revision}`;
export const slugItemId = (slug: string) => `slug#${slug}`;
/** The seed's marker: once it exists, no run seeds again, whatever the owners did since. */
export const SEED_MARKER_ID = 'seed#posts';

/** A post id as made by randomToken: anything else names no post (and no item of another kind). */
export const POST_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The fields of a post item, and nothing else of it. */
export const fieldsOf = (item: PostFields): PostFields => ({
  title: item.title,
  slug: item.slug,
  subtitle: item.subtitle,
  postedDate: item.postedDate,
  author: item.author,
  markdown: item.markdown,
  ...(item.banner && { banner: item.banner }),
  ...(item.thumbnail && { thumbnail: item.thumbnail }),
  metaDescription: item.metaDescription,
  socialTitle: item.socialTitle,
  ...(item.socialImage && { socialImage: item.socialImage }),
});

/**
 * The slugs a post holds: its current one, the one on the site, the one a schedule will publish,
 * and its old published ones (its redirects). A save releases a slug it no longer holds.
 */
export const heldSlugs = (item: PostItem): Set<string> =>
  new Set(
    [item.slug, item.publishedSlug, item.scheduledSlug, ...item.redirectsFrom].filter(
      (slug): slug is string => slug !== undefined,
    ),
  );

/** A published post's redirects once `slug` is the one on the site: every other slug it had there. */
export const redirectsOnceLive = (item: PostItem, slug: string): string[] =>
  [...new Set([...item.redirectsFrom, ...(item.publishedSlug ? [item.publishedSlug] : [])])]
    .filter((old) => old !== slug)
    .sort();

/**
 * What a post item becomes when `revision` (with `slug`) goes on the site: published, that revision
 * and slug live, the date of its first publication kept, every other slug it had there a redirect.
 */
export const publishedAttributes = (item: PostItem, revision: number, slug: string, now: number) => ({
  state: 'published' as const,
  publishedRevision: revision,
  publishedSlug: slug,
  publishedAt: item.publishedAt ?? now,
  redirectsFrom: redirectsOnceLive(item, slug),
});

/** A schedule's attributes, removed when it fires, is cancelled or the post is unpublished. */
export const SCHEDULE_ATTRIBUTES = ['scheduledAt', 'scheduledRevision', 'scheduledSlug', 'scheduleToken'] as const;
