import { AUDIENCES, isAudience } from '#shared/constants/audiences.ts';
import { CAMPAIGN_TOPICS, type CampaignTopic } from '#shared/constants/campaigns.ts';
import { SUBSCRIBER_STATES, type SubscriberFilter, type SubscriberState } from '#shared/console/subscribers.ts';

/** The filter's fields, in the form's order, with the values each may take. */
export const FILTER_FIELDS = [
  { name: 'audience', label: 'List', values: AUDIENCES },
  { name: 'state', label: 'State', values: SUBSCRIBER_STATES },
  { name: 'topic', label: 'Gets', values: CAMPAIGN_TOPICS },
] as const;

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/**
 * The filter the page's query holds (it is kept in the URL: a reload or a shared link shows
 * the same view; it names no person). A value the list does not know is left out.
 */
export function filterFromQuery(query: URLSearchParams): SubscriberFilter {
  const audience = query.get('audience');
  const state = query.get('state');
  const topic = query.get('topic');
  return {
    ...(isAudience(audience) && { audience }),
    ...(isOneOf<SubscriberState>(SUBSCRIBER_STATES, state) && { state }),
    ...(isOneOf<CampaignTopic>(CAMPAIGN_TOPICS, topic) && { topic }),
  };
}
