import { IMPLIED_CONSENT_SECONDS } from '#shared/constants/consent.ts';
import type { ScorecardLead } from '../data/lead-item';
import type { TableStore } from '../data/stores';
import { findSubscriber, updateConsent } from '../data/subscribers';
import type { Condition } from '../data/update-expression';
import { subscriberExpiry } from './consent-retention';

/**
 * Implied consent may start or be renewed by this inquiry: the subscriber has no express
 * consent (that is stronger), still gets email (a withdrawal is not undone by a download), and
 * has no implied consent lasting as long from a download already (a second click adds nothing).
 */
const impliedConsentMayStart = (until: number): Condition => ({
  expression:
    '#consent <> :express AND #subscribed = :subscribed AND (attribute_not_exists(#impliedSince) OR #impliedUntil < :until)',
  names: {
    '#consent': 'consent',
    '#subscribed': 'subscribed',
    '#impliedSince': 'impliedSince',
    '#impliedUntil': 'impliedUntil',
  },
  values: { ':express': 'express', ':subscribed': true, ':until': until },
});

/**
 * CASL's implied consent from an inquiry belongs to the person who inquired, and the form
 * cannot know who typed an address (docs/decisions/0002-consent-model.md). So it starts only
 * when the download link emailed to that address is followed: an act of its own mailbox. It
 * lasts six months from the request, as CASL counts it. Returns whether consent was recorded.
 */
export const grantImpliedConsent = async (store: TableStore, lead: ScorecardLead, now: number): Promise<boolean> => {
  const subscriber = await findSubscriber(store, lead.audience, lead.mailbox);
  if (!subscriber) return false;
  const until = lead.createdAt + IMPLIED_CONSENT_SECONDS;
  if (until <= now) return false;
  const granted = await updateConsent(
    store,
    { audience: subscriber.audience, id: subscriber.id },
    { consent: 'implied', impliedSince: now, impliedUntil: until, updatedAt: now },
    [{ type: 'implied', at: now, source: 'scorecard-download', leadId: lead.id, until }],
    subscriberExpiry,
    impliedConsentMayStart(until),
  );
  return granted !== undefined;
};
