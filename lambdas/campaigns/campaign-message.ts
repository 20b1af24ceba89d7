import { CAMPAIGN_SLUG } from '#shared/constants/campaigns.ts';

/** One queue message: one recipient of one campaign (the content is read from the campaign item). */
export interface CampaignMessage {
  campaign: string;
  subscriberId: string;
}

export const campaignMessageBody = (message: CampaignMessage) => JSON.stringify(message);

/** Throws on a body that is not a campaign message (it then ends in the dead-letter queue). */
export const readCampaignMessage = (body: string): CampaignMessage => {
  const parsed = JSON.parse(body) as Partial<CampaignMessage>;
  if (
    typeof parsed?.campaign !== 'string' ||
    !CAMPAIGN_SLUG.test(parsed.campaign) ||
    typeof parsed.subscriberId !== 'string'
  ) {
    throw new Error('Not a campaign message');
  }
  return { campaign: parsed.campaign, subscriberId: parsed.subscriberId };
};
