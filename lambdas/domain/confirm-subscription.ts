import type { Audience } from '#shared/constants/audiences.ts';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { CONFIRMATION_TTL_SECONDS } from '#shared/constants/consent.ts';
import { addDuePart } from '../data/lead-mail-state';
import { getLeadByKey } from '../data/leads';
import type { TableStore } from '../data/stores';
import { confirmSubscriber } from '../data/subscribers';
import { leadKeyOfToken, tokenMatches } from './lead-link-token';
import { leadExpiresAt, subscriberExpiry } from './consent-retention';
import type { DeliveryPolicy } from '../mail/delivery-policy';
import { Refusal } from './refusal';

export interface ConfirmStores {
  leads: TableStore;
  subscribers: TableStore;
}

/** Who pressed the button: recorded with the confirmation (CASL proof of express consent). */
export interface Confirmer {
  ip: string;
  userAgent: string;
}

/**
 * The owner pressed "Confirm my subscription" on the page the confirmation email linked to
 * (a POST: mail scanners follow links with GET and must change nothing). Subscribes the
 * address with express consent and queues the welcome email, once; a second press answers the
 * same. The lead must be this audience's, carry a consent request and be under 7 days old.
 * True when this press subscribed the address: what the site's conversions count.
 */
export const confirmSubscription = async (
  stores: ConfirmStores,
  target: { audience: Audience; token: string },
  confirmer: Confirmer,
  context: { now: number; delivery: Pick<DeliveryPolicy, 'giveUpAfterSeconds'> },
): Promise<boolean> => {
  const { now } = context;
  const key = leadKeyOfToken(target.token);
  const lead = key ? await getLeadByKey(stores.leads, key) : undefined;
  if (
    !lead ||
    lead.audience !== target.audience ||
    !lead.consentRequest ||
    !tokenMatches(lead, target.token, 'confirmation')
  ) {
    throw new Refusal('not-found', API_ERRORS.confirmationNotFound);
  }
  if (lead.confirmedAt) return false;
  if (now > lead.createdAt + CONFIRMATION_TTL_SECONDS) throw new Refusal('expired', API_ERRORS.confirmationExpired);

  const { subscriberId, changed } = await confirmSubscriber(
    stores.subscribers,
    { details: lead, mailbox: lead.mailbox },
    {
      requested: { type: 'requested', at: lead.createdAt, ...lead.consentRequest, leadId: lead.id },
      confirmed: { type: 'confirmed', at: now, source: 'confirmation-page', ...confirmer, leadId: lead.id },
    },
    subscriberExpiry,
  );
  // The welcome only when this confirmation subscribed the address (not for a repeat); the lead,
  // now the record of a service, is kept as long as one (consent-retention.ts).
  if (changed) {
    const confirmed = {
      confirmedAt: now,
      subscriberId,
      expiresAt: leadExpiresAt({ ...lead, confirmedAt: now }),
      // The welcome gets the whole retry window from now, however long after the request the owner confirmed.
      retryUntil: now + context.delivery.giveUpAfterSeconds,
    };
    await addDuePart(stores.leads, lead.id, 'welcome', confirmed, now);
  }
  return changed;
};
