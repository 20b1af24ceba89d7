import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CAMPAIGN_FILES_DIR } from '#shared/campaign-files-dir.ts';
import { CAMPAIGN_SLUG } from '#shared/constants/campaigns.ts';
import { REPO_ROOT } from '#shared/repo-root.ts';

/** The module the console's campaign import reads: a Lambda has no repository to read files from. */
export const CAMPAIGN_FILES_MODULE = path.join(REPO_ROOT, 'lambdas', 'campaigns', 'campaign-files.generated.ts');

/**
 * Writes every `web/content/campaigns/<slug>.md` as text into CAMPAIGN_FILES_MODULE, keyed by
 * slug; the import checks them with the same rules as `npm run campaign`. Returns their slugs.
 */
export async function generateCampaignFiles(): Promise<string[]> {
  const names = (await readdir(CAMPAIGN_FILES_DIR)).filter((name) => name.endsWith('.md')).sort();
  const files: Record<string, string> = {};
  for (const name of names) {
    const slug = name.slice(0, -'.md'.length);
    if (!CAMPAIGN_SLUG.test(slug))
      throw new Error(`web/content/campaigns/${name}: the file name is not a campaign slug`);
    files[slug] = await readFile(path.join(CAMPAIGN_FILES_DIR, name), 'utf8');
  }
  await writeFile(
    CAMPAIGN_FILES_MODULE,
    `// Written by npm run generate from web/content/campaigns/*.md (web/build/campaign-files.ts): do not edit.\n` +
      `export const CAMPAIGN_FILES: Readonly<Record<string, string>> = ${JSON.stringify(files, null, 2)};\n`,
  );
  return Object.keys(files);
}
