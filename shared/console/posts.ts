/**
 * The console's blog posts (issue 31): write, save every change as a revision, preview, publish
 * now or at a time, unpublish, change a published slug (a 301 from the old path). Routes, the JSON
 * they answer and the limits, stated once for the console's web code and the consolePosts function
 * (the yup schemas of their bodies: shared/console/posts-schemas.ts). Every route needs a session
 * and answers errors as `{ message }` in plain words (shared/console/common.ts); a state-changing one
 * (not GET) from another origin answers 403. Where posts live and how a publish reaches the site:
 * docs/decisions/0053-blog-posts-from-the-console.md.
 *
 * A post is named by its id (22 base64url characters, 128 random bits), never by its slug: the
 * slug may change after publishing, the id never does.
 */

/**
 * Every path is under `/api/admin/posts/`, so one route (API_ROUTES.consolePosts, shared/paths.ts,
 * whose `{proxy+}` needs a segment after it) hands them all to the consolePosts function. A fixed
 * word stands where an id could be taken for a route (`all`, `new`, `slug-check`, `images`).
 */
import { routesUnder } from '../route-key';
export const POST_ROUTES = /* @__PURE__ */ routesUnder('/api/admin/posts', {
  /** 200 PostListAnswer: every post, newest first (scheduled and drafts by their date too). */
  list: ['GET', '/all'],
  /** Body PostFieldsRequest; 201 PostChanged (revision 1); 409 when the slug is taken (message names by what). */
  create: ['POST', '/new'],
  /** 200 PostDraft, or 404. */
  get: ['GET', '/{id}'],
  /**
   * Body PostSaveRequest (the fields and the `version` read); 200 PostChanged (a new revision).
   * 409 when changed meanwhile (`version`), or a slug taken; a published post's slug change is
   * allowed and makes a redirect from the old path once published again.
   */
  save: ['PUT', '/{id}'],
  /** Body { version }; 200 { message }: a post never published is deleted; 409 once published (unpublish first). */
  delete: ['DELETE', '/{id}'],
  /** 200 PostRevisionList: every revision, newest first (number, when, who; no bodies). */
  revisions: ['GET', '/{id}/revisions'],
  /** 200 PostRevision: one revision's fields, to see or compare. */
  revision: ['GET', '/{id}/revisions/{revision}'],
  /** Body { version }; 200 PostChanged: that revision's fields saved as a new revision (nothing is lost). */
  restore: ['POST', '/{id}/revisions/{revision}/restore'],
  /** Query `slug`, optional `id` (the post asking); 200 SlugCheck. */
  slugCheck: ['GET', '/slug-check'],
  /**
   * Body PostPreviewRequest (what is typed, saved or not); 200 text/html: the page exactly as the
   * site would serve it once published, by the same renderer as the publisher.
   */
  preview: ['POST', '/preview'],
  /**
   * Body PostPublishRequest ({ version, at? }); 202 PostChanged: the saved revision `version`
   * published now (a publisher run asked for) or scheduled at `at` (EventBridge Scheduler). 409 when
   * changed meanwhile or already scheduled; 400 for a time in the past.
   */
  publish: ['POST', '/{id}/publish'],
  /** No body; 200 PostChanged: a scheduled publish taken back; 409 when none is scheduled. */
  cancelSchedule: ['POST', '/{id}/cancel-schedule'],
  /** No body; 202 PostChanged: the page taken down (404) and the lists updated; 409 when not published. */
  unpublish: ['POST', '/{id}/unpublish'],
  /**
   * Body ImageUploadRequest; 200 ImageUploadTicket: a presigned POST to the private uploads prefix
   * (size cap and content type in its policy).
   */
  imageUpload: ['POST', '/images/uploads'],
  /**
   * Body { uploadId, alt }; 201 PostImage: the uploaded bytes checked (a JPEG, PNG or WebP by its
   * own signature), stored under the public media prefix with their width and height. 400 in
   * plain words for anything else (the upload is deleted).
   */
  imageAccept: ['POST', '/images/accepted'],
});

/** Longest values (UTF-16 code units, as the form's maxLength and yup's max count them). */
export const POST_LIMITS = {
  title: 150,
  slug: 100,
  author: 100,
  markdown: 100_000,
  metaDescription: 320,
  socialTitle: 150,
  alt: 250,
} as const;

/**
 * What search and social sites show, for the editor's length hints (longer is allowed): a title
 * of about 60 characters and a description of about 155 before Google cuts them; 70 for a
 * social card's title. The sources are cited where the hints are shown.
 */
export const SEO_HINTS = { title: 60, metaDescription: 155, socialTitle: 70 } as const;

/** The largest image an owner may upload, in bytes (the presigned POST's content-length-range). */
export const POST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const POST_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PostImageType = (typeof POST_IMAGE_TYPES)[number];

/** An image on the site: a path on the site, its intrinsic size and its words for a screen reader. */
export interface PostImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** `draft`: never published; `scheduled`: a publish at `scheduledAt`; `published`; `unpublished`: taken down. */
export type PostState = 'draft' | 'scheduled' | 'published' | 'unpublished';

export interface PostSummaryRow {
  id: string;
  title: string;
  slug: string;
  state: PostState;
  /**
   * The date the post shows (`2024-05-16`, Alberta's day), or only its month (`2022-12`, shown
   * "December 2022") where that is all that is known: the spec's tree-planter post.
   */
  postedDate: string;
  /** Unix seconds. */
  scheduledAt?: number;
  publishedAt?: number;
  updatedAt: number;
  updatedBy: string;
  /** The saved revision that is on the site, when published. */
  publishedRevision?: number;
  /** The saved revision a schedule will publish at `scheduledAt` (later saves are not in it). */
  scheduledRevision?: number;
}

export interface PostListAnswer {
  posts: PostSummaryRow[];
}

export interface PostDraft extends PostSummaryRow {
  /** Optional line under the title (a seed post's "Clarifying Expectations Part II"). */
  subtitle: string;
  author: string;
  markdown: string;
  banner?: PostImage;
  thumbnail?: PostImage;
  metaDescription: string;
  /** The title social sites show; empty: the title. */
  socialTitle: string;
  /** The image social sites show; absent: the banner. */
  socialImage?: PostImage;
  /** The latest revision's number: send it back with the next change. */
  version: number;
  /** The slug on the site while published (differs from `slug` after a change not yet published). */
  publishedSlug?: string;
  /** Old paths that answer 301 to this post. */
  redirectsFrom: string[];
}

export interface PostChanged {
  message: string;
  post: PostDraft;
}

export interface PostRevisionRow {
  revision: number;
  savedAt: number;
  savedBy: string;
  /** Why it was made: typed, restored from another revision, or the repository's seed. */
  cause: 'saved' | 'restored' | 'seeded';
  restoredFrom?: number;
}

export interface PostRevisionList {
  revisions: PostRevisionRow[];
}

/** What an owner writes and every revision keeps: title, slug, date, author line, body, images, SEO. */
export type PostFields = Omit<PostDraft, keyof PostSummaryRow | 'version' | 'publishedSlug' | 'redirectsFrom'> & {
  title: string;
  slug: string;
  postedDate: string;
};

/**
 * One of the repository's posts as a new stack's seed carries it (web/build/post-seed.ts writes
 * them, lambdas/data/posts.ts seedPostsIfEmpty stores them): its id, fields and old slugs.
 */
export interface SeedPost {
  id: string;
  fields: PostFields;
  redirectsFrom: string[];
}

export interface PostRevision extends PostRevisionRow {
  fields: PostFields;
}

export interface SlugCheck {
  slug: string;
  /** Absent when the slug is free; otherwise what it clashes with, in plain words. */
  problem?: string;
}

export interface ImageUploadTicket {
  uploadId: string;
  /** Where the browser POSTs the form, and the fields to send before the file (S3's presigned POST). */
  url: string;
  fields: Record<string, string>;
  maxBytes: number;
}

/**
 * The sizes the blog shows an image at, which the console's browser resizes it to before upload
 * (a canvas): the banner at most 1200 pixels wide in its own shape (the article's width, twice over
 * for sharp screens); the thumbnail cut to the blog cards' 1200:630 shape (`.post-card-image`) at
 * 800 × 420; the social image at 1200 × 630, the size Facebook recommends for link shares
 * (https://developers.facebook.com/docs/sharing/webmasters/images/). Never enlarged.
 */
export const POST_IMAGE_SIZES = {
  banner: { width: 1200 },
  thumbnail: { width: 800, height: 420 },
  social: { width: 1200, height: 630 },
} as const satisfies Record<string, { width: number; height?: number }>;
export type PostImageRole = keyof typeof POST_IMAGE_SIZES;

/**
 * What the console asks a presigned POST for: the image as resized, its format and byte length
 * (the policy's content type and content-length-range are set from them, within
 * POST_IMAGE_MAX_BYTES), its size in pixels and its place on the page.
 */
export interface ImageUploadRequest {
  role: PostImageRole;
  contentType: PostImageType;
  bytes: number;
  width: number;
  height: number;
}

/** The uploaded image accepted with its alt text (required: POST_LIMITS.alt at most). */
export interface ImageAcceptRequest {
  uploadId: string;
  alt: string;
}
