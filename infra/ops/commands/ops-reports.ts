import type { LeadItem } from '#lambdas/data/lead-item.ts';
import { findSuppression } from '#lambdas/data/suppressions.ts';
import type { SubscriberItem } from '#lambdas/data/subscriber-item.ts';
import { consentLedger, findSubscribersByMailbox, getSubscriber } from '#lambdas/data/subscribers.ts';
import { canonicalMailbox } from '#lambdas/domain/canonical-mailbox.ts';
import { stateOf } from '#lambdas/domain/subscriber-state.ts';
import { isoTime } from '#lambdas/runtime/clock.ts';
import type { Audience } from '#shared/constants/audiences.ts';
import { CONFIRMATION_TTL_SECONDS } from '#shared/constants/consent.ts';
import { SUBSCRIBER_STATES, type SubscriberState } from '#shared/console/subscribers.ts';
import { leadMailSummary } from './held-mail';
import { scanKind } from './scan-table';
import type { OpsTarget } from './stack-target';

const iso = (seconds: number | undefined) => (seconds === undefined ? '' : isoTime(seconds));

/** `leads --since <date>`: what the forms brought in, newest first, with how their mail went. */
export const leadsSince = async (target: OpsTarget, since: number) =>
  (await scanKind<LeadItem>(target.db, target.tables.leads, 'lead'))
    .filter((lead) => lead.createdAt >= since)
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((lead) => ({
      received: iso(lead.createdAt),
      form: lead.type,
      audience: lead.audience,
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
      organization: lead.organization,
      jobTitle: lead.jobTitle,
      message: lead.helpDescription,
      mail: leadMailSummary(lead),
    }));

/**
 * The mailbox's suppression, if SES reported it bouncing for good or complaining: kept whether
 * or not it has a subscriber (lambdas/data/suppressions.ts).
 */
export const suppressionOf = async (target: OpsTarget, email: string) => {
  const found = await findSuppression({ db: target.db, table: target.tables.subscribers }, canonicalMailbox(email));
  return found && { reason: found.reason, at: iso(found.at) };
};

/**
 * `consent <email>`: every subscriber of that mailbox (both audiences) with its whole ledger,
 * oldest event first: the proof a CRTC inquiry or the person's own access request asks for.
 */
export const consentOf = async (target: OpsTarget, email: string) => {
  const store = { db: target.db, table: target.tables.subscribers };
  const found = await findSubscribersByMailbox(store, canonicalMailbox(email));
  return Promise.all(
    found.map(async ({ id }) => {
      const subscriber = (await getSubscriber(store, id))!;
      const records = await consentLedger(store, subscriber);
      const { audience, email: address, firstName, lastName, consent, subscribed } = subscriber;
      const { impliedSince, impliedUntil, suppressed, emailSetting, unsubscribeAllEmail } = subscriber;
      return {
        subscriberId: id,
        audience,
        email: address,
        firstName,
        lastName,
        consent,
        subscribed,
        suppressed: suppressed ?? false,
        impliedSince: iso(impliedSince) || undefined,
        impliedUntil: iso(impliedUntil) || undefined,
        emailSetting,
        unsubscribeAllEmail,
        ledger: records
          .map((record) => ({ ...record, at: iso(record.at) }))
          .map(({ id: _id, kind: _kind, subscriberId: _s, expiresAt: _e, ...event }) => event),
      };
    }),
  );
};

/**
 * `subscribers --audience <a>`: the list with each one's state, and pending sign-ups (asked,
 * not yet confirmed by the owner, still within the confirmation window) from the leads.
 */
export const subscribersOf = async (target: OpsTarget, audience: Audience, now: number) => {
  const subscribers = (await scanKind<SubscriberItem>(target.db, target.tables.subscribers, 'subscriber')).filter(
    (s) => s.audience === audience,
  );
  const known = new Set(subscribers.map((subscriber) => subscriber.mailbox ?? canonicalMailbox(subscriber.email)));
  const pending = (await scanKind<LeadItem>(target.db, target.tables.leads, 'lead')).filter(
    (lead) =>
      lead.audience === audience &&
      lead.consentRequest &&
      !lead.confirmedAt &&
      // Its link lapses then, whatever the lead is kept for (a scorecard request: 2 years).
      lead.createdAt + CONFIRMATION_TTL_SECONDS > now &&
      !known.has(lead.mailbox),
  );
  const rows = [
    ...subscribers.map((s) => ({
      state: stateOf(s, now) as SubscriberState,
      email: s.email,
      firstName: s.firstName,
      lastName: s.lastName,
      since: iso(s.createdAt),
      id: s.id,
    })),
    ...[...new Map(pending.map((lead) => [lead.mailbox, lead])).values()].map((lead) => ({
      state: 'pending' as SubscriberState,
      email: lead.email,
      firstName: lead.firstName,
      lastName: lead.lastName,
      since: iso(lead.createdAt),
      id: '',
    })),
  ];
  const counts = Object.fromEntries(
    SUBSCRIBER_STATES.map((state) => [state, rows.filter((row) => row.state === state).length]),
  );
  return { counts, rows };
};
