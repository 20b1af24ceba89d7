import type { Audience } from '#shared/constants/audiences.ts';
import type { CampaignTopic } from '#shared/constants/campaigns.ts';
import type { SubscriberState } from '#shared/console/subscribers.ts';

/** The mailing lists, states and topics in the owners' words, for the People, Subscribers and Campaigns screens. */
const AUDIENCE_WORDS: Record<Audience, string> = { candidate: 'Candidates', employer: 'Employers' };
export const audienceText = (audience: Audience) => AUDIENCE_WORDS[audience] ?? audience;

const STATE_WORDS: Record<SubscriberState, string> = {
  pending: 'Asked to subscribe, not confirmed yet',
  confirmed: 'Subscribed (confirmed)',
  implied: 'Subscribed on implied consent',
  inquired: 'Asked for a scorecard only',
  lapsed: 'Implied consent ended',
  unsubscribed: 'Unsubscribed',
  suppressed: 'Suppressed (never emailed)',
};
export const stateText = (state: SubscriberState) => STATE_WORDS[state] ?? state;

const TOPIC_WORDS: Record<CampaignTopic, string> = {
  newsletter: 'Newsletter',
  announcements: 'Announcements',
  services: 'Services news',
};
export const topicText = (topic: CampaignTopic) => TOPIC_WORDS[topic] ?? topic;
