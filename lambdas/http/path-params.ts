import { isAudience, type Audience } from '#shared/constants/audiences.ts';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { LEAD_LINK_TOKEN_PATTERN, SUBSCRIBER_ID_PATTERN } from '#shared/paths.ts';
import { HttpError } from './http-error';
import { DOWNLOAD_NOT_FOUND } from './messages';
import type { ApiEvent } from './types';

export interface SubscriberPath {
  audience: Audience;
  id: string;
}

/**
 * `{audience}` and `{id}` of the subscriber routes. A malformed id or audience names no
 * subscriber, so it gets the same 404 as an unknown id (no hint about which part was wrong).
 */
export const subscriberPath = (event: ApiEvent): SubscriberPath => {
  const { audience, id } = event.pathParameters ?? {};
  if (!isAudience(audience) || id === undefined || !SUBSCRIBER_ID_PATTERN.test(id)) {
    throw new HttpError(404, API_ERRORS.subscriberNotFound);
  }
  return { audience, id };
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
