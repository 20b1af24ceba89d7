import type { GetSubscriberResponse } from '#shared/api-types.ts';
import type { Audience } from '#shared/constants/audiences.ts';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import type { TableStore } from '../data/stores';
import { getSubscriber } from '../data/subscribers';
import { HttpError } from '../http/http-error';

/**
 * What the unsubscribe and settings pages show: the spec's list of one subscriber. A
 * subscriber of the other audience is "not found" here, as the page of that audience owns it.
 */
export const readSubscriberView = async (
  store: TableStore,
  target: { audience: Audience; id: string },
): Promise<GetSubscriberResponse> => {
  const subscriber = await getSubscriber(store, target.id);
  if (!subscriber || subscriber.audience !== target.audience) throw new HttpError(404, API_ERRORS.subscriberNotFound);
  const { email, firstName, lastName, helpDescription } = subscriber;
  return [{ email, firstName, lastName, helpDescription }];
};
