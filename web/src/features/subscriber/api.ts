import { API_ERRORS } from '#shared/constants/messages.ts';
import { type Audience } from '#shared/constants/audiences.ts';
import type { SubscriberView } from '#shared/api-types.ts';
import { apiPath } from '#shared/paths.ts';
import type { PreferencePayload, UnsubscribePayload } from '#shared/schemas/subscriber-update.ts';
import { RequestError, requestJson, successText } from '../../lib/api-client';

/**
 * GET the subscriber of `id`; the API answers a list and the first item is the person
 * (docs/spec/site-spec.md#7-the-calls-it-makes).
 */
export async function loadSubscriber(audience: Audience, id: string, signal?: AbortSignal): Promise<SubscriberView> {
  const list = await requestJson<unknown>(apiPath('getSubscriber', { audience, id }), {
    method: 'GET',
    signal,
  });
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  if (typeof first !== 'object' || first === null) throw new RequestError(API_ERRORS.subscriberNotFound);
  const record = first as Partial<Record<keyof SubscriberView, unknown>>;
  // Keep only the identity fields the update echoes back (anything else is not ours to send).
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    email: text(record.email),
    firstName: text(record.firstName),
    lastName: text(record.lastName),
    helpDescription: text(record.helpDescription),
  };
}

/** PUT an unsubscribe or preference payload; resolves with the API's `success` text. */
export async function updateSubscriber(
  audience: Audience,
  id: string,
  payload: UnsubscribePayload | PreferencePayload,
): Promise<string> {
  return successText(await requestJson(apiPath('putSubscriber', { audience, id }), { method: 'PUT', body: payload }));
}
