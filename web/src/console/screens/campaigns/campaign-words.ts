import type { CampaignAudience, CampaignTopic } from '#shared/constants/campaigns.ts';
import { CAMPAIGN_AUDIENCES, CAMPAIGN_TOPICS } from '#shared/constants/campaigns.ts';
import { topicText } from '../../subscriber-words';

/** The campaign's choices in the owners' words, for the list and the form's selects. */
const AUDIENCE_WORDS: Record<CampaignAudience, string> = {
  candidate: 'Candidates (job seekers)',
  employer: 'Employers',
  both: 'Both candidates and employers',
};
export const campaignAudienceText = (audience: CampaignAudience) => AUDIENCE_WORDS[audience] ?? audience;

export const AUDIENCE_OPTIONS = CAMPAIGN_AUDIENCES.map((value) => ({ value, label: campaignAudienceText(value) }));
export const TOPIC_OPTIONS = CAMPAIGN_TOPICS.map((value: CampaignTopic) => ({ value, label: topicText(value) }));
