import type { Audience } from './audiences';

/**
 * A campaign's topic is one of the three email preferences, in the spec's order, so topic
 * `n` is governed by `emailSetting[n]` (EMAIL_SETTINGS in subscriber-options.ts).
 */
export const CAMPAIGN_TOPICS = ['newsletter', 'announcements', 'services'] as const;
export type CampaignTopic = (typeof CAMPAIGN_TOPICS)[number];

export const CAMPAIGN_AUDIENCES = ['candidate', 'employer', 'both'] as const;
export type CampaignAudience = (typeof CAMPAIGN_AUDIENCES)[number];

export const audiencesOf = (audience: CampaignAudience): Audience[] =>
  audience === 'both' ? ['candidate', 'employer'] : [audience];

/** Slugs double as SES message tag values: ASCII letters, digits, hyphens only. */
export const CAMPAIGN_SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** The header and SES message tag that name the campaign of an email. */
export const CAMPAIGN_HEADER = 'X-Campaign';
export const CAMPAIGN_TAG = 'campaign';
