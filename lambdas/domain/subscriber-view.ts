import type { GetSubscriberResponse } from '#shared/api-types.ts';
import type { TableStore } from '../data/stores';
import { openSubscriberLink, type SubscriberLink } from './subscriber-link';

/**
 * What the unsubscribe and settings pages show: the spec's list of one subscriber. The
 * preferences link reads the spec's four fields. The unsubscribe link reads only the address
 * its page names (the other fields come back empty, in the spec's shape): its URL is also in
 * List-Unsubscribe, held by mail providers and unsubscribe services, which need no more.
 */
export const readSubscriberView = async (store: TableStore, link: SubscriberLink): Promise<GetSubscriberResponse> => {
  const { subscriber, purpose } = await openSubscriberLink(store, link, ['preferences', 'unsubscribe']);
  const { email, firstName, lastName, helpDescription } = subscriber;
  return purpose === 'preferences'
    ? [{ email, firstName, lastName, helpDescription }]
    : [{ email, firstName: '', lastName: '', helpDescription: '' }];
};
