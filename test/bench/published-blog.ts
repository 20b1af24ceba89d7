/**
 * The blog on a built site, as the site's publisher leaves it (issue 31): a copy of web/dist with
 * posts rendered by the publisher's renderer with the build's render kit, written at their keys,
 * and the edge's keys that route them. With the repository's posts, the blog the bench measures
 * (its posts and /blog against their static floors); with many posts, issue 31's budget that
 * `/blog` with 200 posts still scores 100 in all four Lighthouse categories (blog-at-scale.ts).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RENDER_KIT_KEY, postPagePath, postRouteKey, type PublishedPost, type RenderKit } from '#shared/blog-site.ts';
import { readSeedPosts } from '#web/build/blog-content.ts';
import { renderBlogObjects } from '#web/render/blog-site.tsx';
import { newestFirst } from '#web/render/post-views.ts';
import type { EdgeRoutes } from './static-floor';

/** The figure. */
export const BLOG_AT_SCALE_POSTS = 200;

const DAY_SECONDS = 86_400;

/** `count` posts: the repository's, again and again, each copy a post of its own a week older. */
export async function manyPosts(count: number): Promise<PublishedPost[]> {
  const seeds = await readSeedPosts();
  const newest = Date.parse('2026-11-27T12:00:00Z') / 1000;
  return Array.from({ length: count }, (_, index) => {
    const seed = seeds[index % seeds.length]!;
    const publishedAt = newest - index * 7 * DAY_SECONDS;
    return {
      ...seed,
      id: `scale${String(index).padStart(17, '0')}`,
      slug: index < seeds.length ? seed.slug : `${seed.slug}-${Math.floor(index / seeds.length) + 1}`,
      postedDate: new Date(publishedAt * 1000).toISOString().slice(0, 10),
      publishedAt,
      redirectsFrom: [],
    };
  });
}

export interface PublishedCopy {
  /** The copy of the build with the blog in it. */
  dir: string;
  /** The edge's keys of the posts (serve the copy with them). */
  routes: EdgeRoutes;
  /** The posts' paths, newest first. */
  postPaths: string[];
}

/** A copy of `distDir` with `posts` published in it, as the publisher writes and routes them. */
export function siteWithBlog(distDir: string, posts: PublishedPost[]): PublishedCopy {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'published-blog-')), 'dist');
  cpSync(distDir, dir, { recursive: true });
  const kit = JSON.parse(readFileSync(path.join(dir, RENDER_KIT_KEY), 'utf8')) as RenderKit;
  for (const { key, body } of renderBlogObjects(posts, kit, kit.config.siteUrl)) {
    const file = path.join(dir, ...key.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
  }
  const slugs = newestFirst(posts).map(({ slug }) => slug);
  return {
    dir,
    routes: Object.fromEntries(slugs.map((slug) => [postRouteKey(slug), slug])),
    postPaths: slugs.map(postPagePath),
  };
}
