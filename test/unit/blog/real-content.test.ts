import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXPECTED_POSTS } from '../../../web/build/blog/expected-posts';
import type { PostSummary } from '../../../web/src/features/blog/types';

import { generateBlogModules } from '../../../web/build/blog-content';

/** docs/spec/site-spec.md#2-screens-and-routes "Known dates", plus the two 2024 summer posts the brief places. */
const KNOWN_DATES: Record<string, string> = {
  'navigating-the-hiring-maze': 'July 18, 2024',
  'barriers-to-succession-planning-business-autonomy-and-success': 'June 20, 2024',
  'what-hat-to-wear-as-you-grow': 'May 16, 2024',
  'hire-the-right-consultant-for-your-business': 'April 18, 2024',
  'hiring-a-business-consultant-for-your-small-business': 'April 3, 2024',
  'team-assessments-a-cornerstone-of-succession-planning': 'March 19, 2024',
  'friction-free-business-succession': 'March 7, 2024',
  'emotional-intelligence-in-leadership': 'February 21, 2024',
  'conflict-reduction-in-leadership-teams': 'February 8, 2024',
  'friction-free-employee-engagement': 'January 18, 2024',
  'hiring-for-the-holidays': 'December 19, 2023',
  "facets-of-jobs-why-it's-so-hard-to-hire-good-people": 'November 16, 2023',
  'do-you-want-to-be-a-tree-planter': 'December 2022',
};

/** The real posts in web/content/posts, built into a temporary folder. */
describe('the blog content as written', () => {
  let outDir: string;
  let posts: PostSummary[];

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'blog-real-'));
    posts = await generateBlogModules({ outDir });
  });
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it('passes every build check and yields the 25 posts in spec order', () => {
    expect(posts.map(({ id, slug }) => ({ id, slug }))).toEqual(EXPECTED_POSTS.map(({ slug }, id) => ({ id, slug })));
  });

  it('shows the known dates', () => {
    const shown = Object.fromEntries(posts.map(({ slug, dateText }) => [slug, dateText]));
    for (const [slug, dateText] of Object.entries(KNOWN_DATES)) expect(shown[slug]).toBe(dateText);
    expect(posts[21].subtitle).toBe('Clarifying Expectations Part II');
  });

  it('writes one body module per post and keeps bodies out of the list module', async () => {
    expect((await readdir(path.join(outDir, 'bodies'))).sort()).toEqual(posts.map(({ id }) => `${id}.ts`).sort());
    const list = await readFile(path.join(outDir, 'posts.ts'), 'utf8');
    expect(list).not.toMatch(/<\/?(p|h2|ul|a)\b|before:|after:/);
    const loaders = await readFile(path.join(outDir, 'body-loaders.ts'), 'utf8');
    expect(loaders.match(/import\('\.\/bodies\/\d+'\)/g)).toHaveLength(25);
  });

  it('gives the holiday post its video and infographic', async () => {
    const holiday = await readFile(path.join(outDir, 'bodies', '10.ts'), 'utf8');
    expect(holiday).toMatch(/<video[^>]*poster=/);
    expect(holiday).toMatch(/<img[^>]*width=/);
  });
});
