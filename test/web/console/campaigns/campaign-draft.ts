import type { ConsoleSession } from '#shared/console-api.ts';
import type { CampaignDraft } from '#shared/console-campaigns.ts';

/** The signed-in owner of the campaign screens' tests. */
export const OWNER: ConsoleSession = {
  owner: 'owner@console.test',
  expiresAt: 2_000_000_000,
  idleExpiresAt: 2_000_000_000,
};
export const SLUG = '2026-spring-news';

/** A stored draft of SLUG as the API answers it, saved three times. */
export const campaign = (overrides: Partial<CampaignDraft> = {}): CampaignDraft => ({
  slug: SLUG,
  subject: 'Spring hiring news',
  preheader: 'What employers in Alberta are asking for',
  topic: 'newsletter',
  audience: 'both',
  markdown: 'Hello from the firm.',
  publish: false,
  state: 'draft',
  createdAt: 1_780_000_000,
  updatedAt: 1_780_000_000,
  updatedBy: OWNER.owner,
  version: 3,
  ...overrides,
});
