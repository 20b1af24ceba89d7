/**
 * The seed of a new stack's Posts table (docs/decisions/0053-blog-posts-from-the-console.md): every
 * `web/content/posts/*.md`, its front matter read by the blog's own parser (blog/front-matter.ts),
 * written as data into POST_SEED_MODULE. The function that seeds (the site's publisher) has no
 * repository at run time, so the posts travel inside its bundle as a generated module, as the
 * campaign files do (campaign-files.ts). Written by `npm run generate`; the seed's posts pass the
 * console's own rules (test/unit/posts/post-seed.test.ts).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import type { SeedPost } from '#shared/console-posts.ts';
import { sitePaths } from '#shared/paths.ts';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { dateTextParts, parseFrontMatter } from './blog/front-matter';

export const POSTS_DIR = path.join(REPO_ROOT, 'web', 'content', 'posts');
export const POST_SEED_MODULE = path.join(REPO_ROOT, 'lambdas', 'data', 'post-seed.generated.ts');

/**
 * A seed post's id: 128 bits like any post's (22 base64url characters), but from its slug, so a
 * seeding cut short and run again writes the same items, never a second copy.
 */
const seedId = (slug: string) =>
  createHash('sha256').update(`seed:${slug}`).digest().subarray(0, 16).toString('base64url');

/** The spec's legacy address of the engagement post (a 301 at the edge): the post's own redirect from now on. */
const LEGACY_SLUGS: Record<string, string[]> = {
  [sitePaths.engagementPost.slice(1)]: [sitePaths.legacyEngagementPost.slice(1)],
};

const seedPostOf = (fileName: string, source: string): SeedPost => {
  const { data, content } = matter(source, {});
  const { summary, problems } = parseFrontMatter(fileName, data);
  if (problems.length > 0) throw new Error(`web/content/posts/${fileName}: ${problems.join('; ')}`);
  // "December 2022" is all the spec knows of the tree-planter post's date: the month, not a day.
  const monthOnly = dateTextParts(summary.dateText)?.day === undefined;
  return {
    id: seedId(summary.slug),
    fields: {
      title: summary.title,
      slug: summary.slug,
      subtitle: summary.subtitle ?? '',
      postedDate: monthOnly ? summary.isoDate.slice(0, 7) : summary.isoDate,
      author: summary.author ?? '',
      markdown: content.trim(),
      banner: summary.image,
      metaDescription: summary.description,
      socialTitle: '',
      socialImage: { src: summary.ogImage, width: summary.image.width, height: summary.image.height, alt: '' },
    },
    redirectsFrom: LEGACY_SLUGS[summary.slug] ?? [],
  };
};

/** Writes the seed module from the posts' files, newest first; returns how many. */
export async function generatePostSeed(): Promise<number> {
  const names = (await readdir(POSTS_DIR)).filter((name) => name.endsWith('.md')).sort();
  const posts = await Promise.all(
    names.map(async (name) => seedPostOf(name, await readFile(path.join(POSTS_DIR, name), 'utf8'))),
  );
  await writeFile(
    POST_SEED_MODULE,
    `// Written by npm run generate from web/content/posts/*.md (web/build/post-seed.ts): do not edit.\n` +
      `import type { SeedPost } from '#shared/console-posts.ts';\n\n` +
      `export const POST_SEED: readonly SeedPost[] = ${JSON.stringify(posts, null, 2)};\n`,
  );
  return posts.length;
}
