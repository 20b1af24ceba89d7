/**
 * `npx tsx test/bench/blog-at-scale.ts [count]`: Lighthouse on /blog and the newest post of a blog
 * of `count` posts (default BLOG_AT_SCALE_POSTS, issue 31's 200) against their static floors, 5
 * runs each, on the current web/dist (published-blog.ts makes the blog; npm run bench runs /blog).
 */
import path from 'node:path';
import { FLOOR_COLUMNS, floorRows, runLighthouseAgainstFloor, runMeetsBudget } from './lighthouse';
import { BLOG_AT_SCALE_POSTS, manyPosts, siteWithBlog } from './published-blog';
import { markdownTable } from './report';
import { startPageAndFloorServers } from './static-floor';

void (async () => {
  const count = Number(process.argv[2] ?? BLOG_AT_SCALE_POSTS);
  const site = siteWithBlog(path.resolve(__dirname, '..', '..', 'web', 'dist'), await manyPosts(count));
  const servers = await startPageAndFloorServers(site.dir, site.routes);
  try {
    for (const route of ['/blog', site.postPaths[0]!]) {
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
