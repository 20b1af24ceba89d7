import type { SubscriberView } from '#shared/api-types.ts';
import type { Audience } from '#shared/constants/audiences.ts';
import type { PreferencePayload, UnsubscribePayload } from '#shared/schemas/subscriber-update.ts';

/**
 * docs/spec/site-spec.md#3-entities-and-their-fields: only the employer unsubscribe payload carries
 * updatedAt; the candidate one never did, and the API's schema for it does not accept the field.
 */
const UNSUBSCRIBE_SENDS_UPDATED_AT: Record<Audience, boolean> = { candidate: false, employer: true };

/** The identity fields echo what GET returned; signupMe is always false on these pages. */
const identityOf = ({ email, firstName, lastName, helpDescription }: SubscriberView) => ({
  email,
  firstName,
  lastName,
  helpDescription,
  signupMe: false as const,
});

/** `reasons` are the 7 booleans in UNSUBSCRIBE_REASONS[audience] order. */
export function unsubscribePayload(
  audience: Audience,
  subscriber: SubscriberView,
  reasons: readonly boolean[],
  nowSeconds: number,
): UnsubscribePayload {
  return {
    ...identityOf(subscriber),
    unsubscribeReason: [...reasons],
    ...(UNSUBSCRIBE_SENDS_UPDATED_AT[audience] ? { updatedAt: nowSeconds } : {}),
  };
}

/** `emailSetting` follows EMAIL_SETTINGS order; `unsubscribeAll` is the single unsubscribe-all box. */
export function preferencePayload(
  subscriber: SubscriberView,
  emailSetting: readonly boolean[],
  unsubscribeAll: readonly boolean[],
  nowSeconds: number,
): PreferencePayload {
  return {
    ...identityOf(subscriber),
    emailSetting: [...emailSetting],
    unsubscribeAllEmail: [...unsubscribeAll],
    updatedAt: nowSeconds,
  };
}
