import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ExpectedPost } from '#test/support/spec-posts.ts';

/** A three-post blog for validation tests: same rules as the real one, smaller list. */
export const FIXTURE_EXPECTED: ExpectedPost[] = [
  { slug: 'first-post', dateText: 'July 18, 2024' },
  { slug: "it's-the-second", dateText: 'June 20, 2024' },
  { slug: 'third-post', dateText: 'December 2022', subtitle: 'Part II' },
];

export interface FixturePost {
  fileName?: string;
  frontMatter: Record<string, unknown>;
  body?: string;
}

export const validBody = (extra = '') => `Opening paragraph.

## A section

More text.

<!-- mid-article -->

## Another section

Closing paragraph.${extra}
`;

const ISO = ['2024-07-18', '2024-06-20', '2022-12-01'];

/** Valid front matter for fixture post `id`. */
export const frontMatterFor = (id: number): Record<string, unknown> => ({
  id,
  slug: FIXTURE_EXPECTED[id].slug,
  title: `Post ${id}`,
  ...(FIXTURE_EXPECTED[id].subtitle ? { subtitle: FIXTURE_EXPECTED[id].subtitle } : {}),
  date: ISO[id],
  dateText: FIXTURE_EXPECTED[id].dateText,
  description: `About post ${id}.`,
});

export const validPosts = (): FixturePost[] => FIXTURE_EXPECTED.map((_, id) => ({ frontMatter: frontMatterFor(id) }));

const yaml = (data: Record<string, unknown>) =>
  Object.entries(data)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join('\n');

/** A temporary posts folder, public folder (with every post image) and output folder. */
export async function writeFixtureBlog(posts: FixturePost[]) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'blog-fixture-'));
  const postsDir = path.join(root, 'posts');
  const publicDir = path.join(root, 'public');
  const outDir = path.join(root, 'out');
  await mkdir(path.join(publicDir, 'images', 'blog', 'og'), { recursive: true });
  await mkdir(postsDir);
  for (const { slug } of FIXTURE_EXPECTED) {
    const base = slug.replace(/'/g, '');
    await writeFile(path.join(publicDir, 'images', 'blog', `${base}.svg`), '<svg/>');
    await writeFile(path.join(publicDir, 'images', 'blog', 'og', `${base}.png`), '');
  }
  for (const post of posts) {
    const { id, slug } = post.frontMatter as { id: number; slug: string };
    const fileName = post.fileName ?? `${String(id).padStart(2, '0')}-${String(slug).replace(/'/g, '')}.md`;
    await writeFile(
      path.join(postsDir, fileName),
      `---\n${yaml(post.frontMatter)}\n---\n\n${post.body ?? validBody()}`,
    );
  }
  return {
    options: { postsDir, publicDir, outDir },
    outDir,
    cleanUp: () => rm(root, { recursive: true, force: true }),
  };
}
