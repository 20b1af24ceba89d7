/**
 * The blog as a section of the site's publisher (docs/decisions/0053-blog-posts-from-the-console.md):
 * every object of the published posts, rendered by the one renderer (web/render/blog-site.tsx) with
 * the render kit of the deployed build, and the edge's keys: `post:<slug>` for each post on the
 * site, `redirect:<old slug>` for each slug it had before, whose value is the post's path now (so
 * a slug changed twice is still one hop).
 */
import {
  BLOG_PUBLISHED_KEY_PATTERNS,
  postPagePath,
  postRouteKey,
  redirectRouteKey,
  type PublishedPost,
  type RenderKit,
  type SiteObject,
} from '#shared/blog-site.ts';
import { matchesKeyPatterns } from './key-patterns';
import type { SiteSection } from './publish-site';

export interface BlogSources {
  /** Writes the repository's posts into a table never seeded (seedPostsIfEmpty); nothing after that. */
  seed: () => Promise<unknown>;
  /** The published posts, newest first (readPublishedPosts). */
  posts: () => Promise<PublishedPost[]>;
  /** The render kit's JSON, as the deployed build left it (RENDER_KIT_KEY). */
  renderKit: () => Promise<string>;
  render: (posts: PublishedPost[], kit: RenderKit, siteUrl: string) => SiteObject[];
  siteUrl: string;
}

const ROUTE_PREFIXES = [postRouteKey(''), redirectRouteKey('')];

/** The edge's keys of these posts: each one's page, and each old slug's redirect to it. */
export const blogRoutes = (posts: readonly PublishedPost[]): Record<string, string> =>
  Object.fromEntries(
    posts.flatMap((post) => [
      [postRouteKey(post.slug), post.slug],
      ...post.redirectsFrom.map((old) => [redirectRouteKey(old), postPagePath(post.slug)]),
    ]),
  );

export const blogSection = (sources: BlogSources): SiteSection => ({
  name: 'blog',
  ownsKey: matchesKeyPatterns(BLOG_PUBLISHED_KEY_PATTERNS),
  ownsRoute: (key) => ROUTE_PREFIXES.some((prefix) => key.startsWith(prefix)),
  compute: async () => {
    await sources.seed();
    const [posts, kit] = await Promise.all([sources.posts(), sources.renderKit()]);
    return {
      objects: sources.render(posts, JSON.parse(kit) as RenderKit, sources.siteUrl),
      routes: blogRoutes(posts),
      published: posts.map((post) => post.slug),
    };
  },
});
