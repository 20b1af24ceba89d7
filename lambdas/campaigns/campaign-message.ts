import { CAMPAIGN_SLUG } from '#shared/constants/campaigns.ts';

/** One queue message: one recipient of one campaign (the content is read from the campaign item). */
export interface RecipientMessage {
  campaign: string;
  subscriberId: string;
}
/**
 * Start the campaign's send: gather its recipients and queue them (launch-campaign.ts). `launchId`
 * names this send (random, on the campaign item): a launch of a send cancelled and scheduled
 * again does nothing.
 */
export interface LaunchMessage {
  campaign: string;
  launch: true;
  launchId: string;
}
/** 128 random bits in hex (campaign-launch.ts). */
export const LAUNCH_ID = /^[0-9a-f]{32}$/;
export type CampaignMessage = RecipientMessage | LaunchMessage;

export const campaignMessageBody = (message: CampaignMessage) => JSON.stringify(message);

/** Throws on a body that is not a campaign message (it then ends in the dead-letter queue). */
export const readCampaignMessage = (body: string): CampaignMessage => {
  const parsed = JSON.parse(body) as Partial<RecipientMessage & LaunchMessage>;
  if (typeof parsed?.campaign !== 'string' || !CAMPAIGN_SLUG.test(parsed.campaign))
    throw new Error('Not a campaign message');
  if (parsed.launch === true) {
    if (typeof parsed.launchId !== 'string' || !LAUNCH_ID.test(parsed.launchId))
      throw new Error('Not a campaign message');
    return { campaign: parsed.campaign, launch: true, launchId: parsed.launchId };
  }
  if (typeof parsed.subscriberId !== 'string') throw new Error('Not a campaign message');
  return { campaign: parsed.campaign, subscriberId: parsed.subscriberId };
};
