/**
 * `npm run generate`: the modules web/src imports from content (web/.generated: the legal pages),
 * the campaign files the console imports (lambdas/campaigns/campaign-files.generated.ts) and the
 * posts a new stack is seeded with (lambdas/data/post-seed.generated.ts), written from the Markdown
 * without building the site. `npm run typecheck` runs it first; the build runs it as its first
 * step. The client imports no post: posts are data, rendered by the blog's renderer
 * (web/render/blog-site.tsx).
 */
import { generateCampaignFiles } from './campaign-files';
import { generateLegalPages } from './legal-pages';
import { generatePostSeed } from './post-seed';

/** Writes every generated module. */
export async function generateContentModules(): Promise<void> {
  await Promise.all([generateLegalPages(), generateCampaignFiles(), generatePostSeed()]);
}

if (require.main === module) {
  generateContentModules().then(
    () => console.log('Generated the content modules (legal pages, campaign files, post seed).'),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
