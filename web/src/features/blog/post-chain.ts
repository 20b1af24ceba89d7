import type { PostLink } from './types';

export interface AdjacentPosts {
  /** The newer post; the newest post has none. */
  previous?: PostLink;
  /** The older post; the oldest post has none. */
  next?: PostLink;
}

/** Previous/Next follow the list order, newest first (docs/spec/site-spec.md#2-screens-and-routes). */
export function adjacentPosts(posts: readonly PostLink[], slug: string): AdjacentPosts {
  const index = posts.findIndex((post) => post.slug === slug);
  const link = (post: PostLink | undefined) => post && { slug: post.slug, title: post.title };
  return index === -1 ? {} : { previous: link(posts[index - 1]), next: link(posts[index + 1]) };
}
