/**
 * The seed of a new stack's Posts table (docs/decisions/0053-blog-posts-from-the-console.md): every
 * `web/content/posts/*.md`, read and checked as the build does (blog-content.ts readSeedPosts),
 * written as data into POST_SEED_MODULE. The function that seeds (the site's publisher) has no
 * repository at run time, so the posts travel inside its bundle as a generated module, as the
 * campaign files do (campaign-files.ts). Written by `npm run generate`; the seed's posts pass the
 * console's own rules (test/unit/web/build/post-seed.test.ts).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SeedPost } from '#shared/console/posts.ts';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { readSeedPosts } from './blog-content';

export const POST_SEED_MODULE = path.join(REPO_ROOT, 'lambdas', 'data', 'post-seed.generated.ts');

/**
 * Writes the seed module from the posts' files, newest first, as the build reads and checks them
 * (web/build/blog-content.ts: one reading of the files for the seed and the build); returns how many.
 */
export async function generatePostSeed(): Promise<number> {
  const posts = (await readSeedPosts()).map(
    ({ id, redirectsFrom, publishedAt: _publishedAt, revision: _revision, ...fields }): SeedPost => ({
      id,
      fields,
      redirectsFrom,
    }),
  );
  await writeFile(
    POST_SEED_MODULE,
    `// Written by npm run generate from web/content/posts/*.md (web/build/post-seed.ts): do not edit.\n` +
      `import type { SeedPost } from '#shared/console/posts.ts';\n\n` +
      `export const POST_SEED: readonly SeedPost[] = ${JSON.stringify(posts, null, 2)};\n`,
  );
  return posts.length;
}
