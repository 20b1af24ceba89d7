import { POSTS } from '#web/.generated/blog/posts.ts';
import type { PostSummary } from './types';

/** Every post's metadata (no bodies), newest first; generated from web/content/posts. */
export const ALL_POSTS: readonly PostSummary[] = POSTS;
