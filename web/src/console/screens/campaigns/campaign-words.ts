import type { CampaignAudience, CampaignTopic } from '#shared/constants/campaigns.ts';
import { CAMPAIGN_AUDIENCES, CAMPAIGN_TOPICS } from '#shared/constants/campaigns.ts';
import { topicText } from '../../kit/subscriber-words';

/**
 * The campaign's choices in the owners' words. Who it is for is read within a sentence (the
 * campaign's heading says "for both candidates and employers", the list "Newsletter, employers"),
 * so it is written in lower case; the form's select starts each choice with a capital.
 */
const AUDIENCE_WORDS: Record<CampaignAudience, string> = {
  candidate: 'candidates (job seekers)',
  employer: 'employers',
  both: 'both candidates and employers',
};
export const campaignAudienceText = (audience: CampaignAudience) => AUDIENCE_WORDS[audience] ?? audience;

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export const AUDIENCE_OPTIONS = CAMPAIGN_AUDIENCES.map((value) => ({
  value,
  label: capitalized(campaignAudienceText(value)),
}));
export const TOPIC_OPTIONS = CAMPAIGN_TOPICS.map((value: CampaignTopic) => ({ value, label: topicText(value) }));
