/** A post item as the console's Posts screen reads it (shared/console/posts.ts): its row, and the whole draft. */
import type { PostDraft, PostSummaryRow } from '#shared/console/posts.ts';
import { fieldsOf, type PostItem } from '../../data/post-items';

export const postSummary = (post: PostItem): PostSummaryRow => ({
  id: post.postId,
  title: post.title,
  slug: post.slug,
  state: post.state,
  postedDate: post.postedDate,
  ...(post.scheduledAt !== undefined && { scheduledAt: post.scheduledAt }),
  ...(post.publishedAt !== undefined && { publishedAt: post.publishedAt }),
  updatedAt: post.updatedAt,
  updatedBy: post.updatedBy,
  ...(post.publishedRevision !== undefined && { publishedRevision: post.publishedRevision }),
  ...(post.scheduledRevision !== undefined && { scheduledRevision: post.scheduledRevision }),
});

export const postDraft = (post: PostItem): PostDraft => ({
  ...fieldsOf(post),
  ...postSummary(post),
  version: post.version,
  ...(post.publishedSlug !== undefined && { publishedSlug: post.publishedSlug }),
  redirectsFrom: post.redirectsFrom,
});
