import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readCampaignSource, renderCampaign } from '#lambdas/campaigns/campaign-markdown.ts';
import type { CampaignContent } from '#lambdas/data/campaign-item.ts';
import { CAMPAIGN_SLUG } from '#shared/constants/campaigns.ts';
import { CAMPAIGN_FILES_DIR } from '#shared/campaign-files-dir.ts';

/**
 * A campaign file `web/content/campaigns/<slug>.md` rendered for sending, by the code the
 * console's preview and the sent email use (lambdas/campaigns/campaign-markdown.ts).
 * CAMPAIGNS_DIR points elsewhere (tests, benchmarks).
 */
export const loadCampaign = async (
  slug: string,
  siteUrl: string,
  dir = process.env.CAMPAIGNS_DIR ?? CAMPAIGN_FILES_DIR,
): Promise<CampaignContent> => {
  if (!CAMPAIGN_SLUG.test(slug))
    throw new Error(`"${slug}" is not a campaign slug (lower-case letters, digits and hyphens)`);
  const file = path.join(dir, `${slug}.md`);
  if (!existsSync(file)) throw new Error(`No campaign file ${path.relative(process.cwd(), file)}`);
  try {
    return await renderCampaign(await readCampaignSource(slug, readFileSync(file, 'utf8')), siteUrl);
  } catch (error) {
    throw new Error(`${path.relative(process.cwd(), file)}: ${(error as Error).message}`);
  }
};
