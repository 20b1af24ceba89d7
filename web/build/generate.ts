/**
 * `npm run generate`: the modules web/src imports from content (web/.generated: the blog's list,
 * bodies and loaders, the legal pages), and the campaign files the console imports
 * (lambdas/campaigns/campaign-files.generated.ts) and the posts a new stack is seeded with
 * (lambdas/data/post-seed.generated.ts), written from the Markdown without building the site.
 * `npm run typecheck` runs it first; the build runs it as its first step.
 */
import type { PostSummary } from '#web/src/features/blog/types.ts';
import { generateBlogModules } from './blog-content';
import { generateCampaignFiles } from './campaign-files';
import { generateLegalPages } from './legal-pages';
import { generatePostSeed } from './post-seed';

/** Writes every generated module; returns the posts, newest first. */
export async function generateContentModules(): Promise<PostSummary[]> {
  const [posts] = await Promise.all([
    generateBlogModules(),
    generateLegalPages(),
    generateCampaignFiles(),
    generatePostSeed(),
  ]);
  return posts;
}

if (require.main === module) {
  generateContentModules().then(
    (posts) => console.log(`Generated the content modules (${posts.length} posts, legal pages).`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
