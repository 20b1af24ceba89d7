import path from 'node:path';
import { REPO_ROOT } from './repo-root';

/**
 * Where the repository's campaigns are written (`<slug>.md`): read by `npm run campaign`, and
 * compiled by `npm run generate` into the module the console's import reads
 * (lambdas/campaigns/campaign-files.generated.ts), so the deployed function carries them as data.
 */
export const CAMPAIGN_FILES_DIR = path.join(REPO_ROOT, 'web', 'content', 'campaigns');
