import { audiencesOf } from '#shared/constants/campaigns.ts';
import type { CampaignContent } from '../data/campaign-item';
import type { SubscriberItem } from '../data/subscriber-item';
import type { OutgoingMail } from '../mail/outgoing-mail';
import { campaignMail, testCopyOf } from './campaign-mail';

/**
 * A stand-in recipient (no such subscriber exists): the preview when the audience has no
 * eligible subscriber yet, and every test copy, show the links a subscriber's email carries.
 */
export const SAMPLE_SUBSCRIBER_ID = 'preview-subscriber';
export const sampleRecipient = (campaign: CampaignContent, email: string) =>
  ({ id: SAMPLE_SUBSCRIBER_ID, audience: audiencesOf(campaign.audience)[0]!, email }) as SubscriberItem;

/**
 * The test copy of a campaign to `to`: the email a subscriber gets, with the sample's links,
 * marked [Test] and without the one-click header or the campaign's tags (campaign-mail.ts
 * testCopyOf). The same for `npm run campaign -- test` and the console's test send.
 */
export const testCopy = (campaign: CampaignContent, to: string, siteUrl: string): OutgoingMail =>
  testCopyOf(campaignMail(campaign, sampleRecipient(campaign, to), siteUrl));
