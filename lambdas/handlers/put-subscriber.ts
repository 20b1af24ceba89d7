import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import type { Audience } from '#shared/constants/audiences.ts';
import * as API_SUCCESS from '#shared/constants/api-success.ts';
import {
  preferenceSchema,
  unsubscribeSchema,
  type PreferencePayload,
  type UnsubscribePayload,
} from '#shared/schemas/subscriber-update.ts';
import { savePreferences, unsubscribe, type PreferencesOutcome } from '../domain/subscriber-consent';
import { jsonBody } from '../http/json-body';
import { subscriberLinkPath } from '../http/path-params';
import { jsonResponse } from '../http/responses';
import { httpHandler } from '../http/stack';
import type { ValidatedEvent } from '../http/types';
import { deliveryPolicyFromEnv } from '../mail/delivery-policy';
import { requireEnv } from '../runtime/env';
import { nowSeconds } from '../runtime/clock';

const db = createDynamoClient();
const stores = {
  subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
  // Only for a resubscribe's confirmation lead (lambdas/domain/resubscription.ts).
  leads: { db, table: requireEnv('LEADS_TABLE') },
  // Only the "unsubscribed since" counters of the campaigns that reached the person.
  campaigns: { db, table: requireEnv('CAMPAIGNS_TABLE') },
};
const delivery = deliveryPolicyFromEnv();
const UNSUBSCRIBE_SCHEMAS: Record<Audience, ReturnType<typeof unsubscribeSchema>> = {
  candidate: unsubscribeSchema('candidate'),
  employer: unsubscribeSchema('employer'),
};
const PREFERENCES_ANSWERS: Record<PreferencesOutcome, string> = {
  saved: API_SUCCESS.preferencesSaved,
  'confirmation-sent': API_SUCCESS.resubscribeConfirmationSent,
};

type Payload = UnsubscribePayload | PreferencePayload;
const isUnsubscribe = (payload: Record<string, unknown>) => Object.hasOwn(payload, 'unsubscribeReason');

/**
 * PUT /api/{audience}/subscribers/{id}: the unsubscribe page's payload (it has
 * unsubscribeReason), taken only with the unsubscribe link's token, or the settings page's,
 * taken only with the preferences link's. Only consent fields of that subscriber change.
 */
export const handler = httpHandler<ValidatedEvent<Payload>>(
  async (event) => {
    const link = subscriberLinkPath(event);
    const payload = event.validBody;
    if ('unsubscribeReason' in payload) {
      await unsubscribe(stores, link, payload.unsubscribeReason, nowSeconds());
      return jsonResponse(200, { success: API_SUCCESS.unsubscribed });
    }
    const outcome = await savePreferences(stores, link, payload, { now: nowSeconds(), delivery });
    return jsonResponse(200, { success: PREFERENCES_ANSWERS[outcome] });
  },
  jsonBody((event, body) => {
    const { audience } = subscriberLinkPath(event);
    return isUnsubscribe(body) ? UNSUBSCRIBE_SCHEMAS[audience] : preferenceSchema;
  }),
);
