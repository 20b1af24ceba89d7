import type { ConsoleSession } from '#shared/console/sign-in.ts';
import type { CampaignDraft, SendProgress } from '#shared/console/campaigns.ts';

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

/** Results of a send before SES reported anything. */
export const NO_RESULTS = { delivered: 0, bounced: 0, softBounced: 0, complained: 0, rejected: 0, unsubscribed: 0 };
/** The send of SLUG as the progress route answers it: 420 of 2,000 sent. */
export const progress = (overrides: Partial<SendProgress> = {}): SendProgress => ({
  slug: SLUG,
  state: 'sending',
  launchAt: 1_780_000_000,
  startedAt: 1_780_000_000,
  queued: 2000,
  sent: 420,
  inDoubt: 0,
  failed: 0,
  ineligible: 0,
  left: 1580,
  results: NO_RESULTS,
  unsubscribeReasons: [],
  perDay: [],
  ...overrides,
});
