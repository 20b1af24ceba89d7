import { isAudience, type Audience } from '#shared/constants/audiences.ts';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { LEAD_LINK_TOKEN_PATTERN, SUBSCRIBER_LINK_TOKEN_PATTERN } from '#shared/paths.ts';
import type { SubscriberLink } from '../domain/subscriber-link';
import { HttpError } from './http-error';
import { DOWNLOAD_NOT_FOUND } from './messages';
import type { ApiEvent } from './types';

/**
 * `{audience}` and `{id}` of the subscriber routes, whose `{id}` holds a link token. A malformed
 * token or audience names no subscriber, so it gets the same 404 as an unknown one (no hint
 * about which part was wrong).
 */
export const subscriberLinkPath = (event: ApiEvent): SubscriberLink => {
  const { audience, id: token } = event.pathParameters ?? {};
  if (!isAudience(audience) || token === undefined || !SUBSCRIBER_LINK_TOKEN_PATTERN.test(token)) {
    throw new HttpError(404, API_ERRORS.subscriberNotFound);
  }
  return { audience, token };
};

/** `{token}` of the scorecard download link (a lead link token); malformed names nothing: 404. */
export const downloadTokenPath = (event: ApiEvent): string => {
  const token = event.pathParameters?.token;
  if (token === undefined || !LEAD_LINK_TOKEN_PATTERN.test(token)) {
    throw new HttpError(404, DOWNLOAD_NOT_FOUND);
  }
  return token;
};

/** `{audience}` and `{token}` of the confirmation route; anything malformed is the same 404. */
export const leadTokenPath = (event: ApiEvent): { audience: Audience; token: string } => {
  const { audience, token } = event.pathParameters ?? {};
  if (!isAudience(audience) || token === undefined || !LEAD_LINK_TOKEN_PATTERN.test(token)) {
    throw new HttpError(404, API_ERRORS.confirmationNotFound);
  }
  return { audience, token };
};
