/**
 * The blog with many posts (issue 31's budget: `/blog` with 200 posts still scores 100 in all four
 * Lighthouse categories): a copy of a built site whose blog is `count` posts, made from the
 * repository's posts as the owners would publish them (each its own slug and date, newest first)
 * and rendered by the publisher's renderer with the build's render kit. `npx tsx
 * test/bench/blog-at-scale.ts [count]` runs Lighthouse on its /blog and newest post against their
 * static floors (5 runs each) on the current web/dist.
 */
import { mkdtempSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RENDER_KIT_KEY, postPagePath, type PublishedPost, type RenderKit } from '#shared/blog-site.ts';
import { readSeedPosts } from '#web/build/blog-content.ts';
import { renderBlogObjects } from '#web/render/blog-site.tsx';

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

/**
 * A copy of `distDir` whose blog is `count` posts, written where the publisher writes them.
 * Returns the copy's directory and the newest post's path.
 */
export async function siteWithManyPosts(distDir: string, count: number): Promise<{ dir: string; newest: string }> {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'blog-at-scale-')), 'dist');
  cpSync(distDir, dir, { recursive: true });
  const kit = JSON.parse(readFileSync(path.join(dir, RENDER_KIT_KEY), 'utf8')) as RenderKit;
  const posts = await manyPosts(count);
  const objects = renderBlogObjects(posts, kit, kit.config.siteUrl);
  const write = (key: string, body: string) => {
    const file = path.join(dir, ...key.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
  };
  for (const { key, body } of objects) write(key, body);
  // The static servers route by the page list, not the edge's store: the newest post is the one measured.
  const newest = postPagePath(posts[0]!.slug);
  write(`${newest.slice(1)}/index.html`, objects.find(({ paths }) => paths[0] === newest)!.body);
  const manifest = JSON.parse(readFileSync(path.join(dir, '_routes.json'), 'utf8')) as { pages: string[] };
  const pages = [...new Set([...manifest.pages, newest])];
  writeFileSync(path.join(dir, '_routes.json'), `${JSON.stringify({ pages }, null, 2)}\n`);
  return { dir, newest };
}

if (require.main === module) {
  void (async () => {
    const { startPageAndFloorServers } = await import('./static-floor');
    const { FLOOR_COLUMNS, floorRows, runLighthouseAgainstFloor, runMeetsBudget } = await import('./lighthouse');
    const { markdownTable } = await import('./report');
    const count = Number(process.argv[2] ?? BLOG_AT_SCALE_POSTS);
    const { dir, newest } = await siteWithManyPosts(path.resolve(__dirname, '..', '..', 'web', 'dist'), count);
    const servers = await startPageAndFloorServers(dir);
    try {
      for (const route of ['/blog', newest]) {
        const comparison = await runLighthouseAgainstFloor(servers.pageUrl, servers.floorUrl, route);
        console.log(markdownTable(FLOOR_COLUMNS, floorRows([comparison])));
        const over = comparison.runs.filter((run) => !runMeetsBudget(run)).length;
        console.log(`${route} with ${count} posts: ${over} of ${comparison.runs.length} runs over budget\n`);
      }
    } finally {
      await servers.close();
    }
  })().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
