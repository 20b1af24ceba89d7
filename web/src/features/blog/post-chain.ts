import type { PostSummary } from './types';

export interface AdjacentPosts {
  /** The newer post (id - 1); the newest post has none. */
  previous?: PostSummary;
  /** The older post (id + 1); the oldest post has none. */
  next?: PostSummary;
}

/** Previous/Next follow the list order, which is the id order (docs/spec/site-spec.md#2-screens-and-routes). */
export function adjacentPosts(posts: readonly PostSummary[], id: number): AdjacentPosts {
  return {
    previous: posts.find((post) => post.id === id - 1),
    next: posts.find((post) => post.id === id + 1),
  };
}
