import type { Audience } from '#shared/constants/audiences.ts';
import { FORM_MAIL_BUDGET_EXHAUSTED } from '#shared/constants/operator-alerts.ts';
import { CONSENT_FORMS_VERSION, CONSENT_TEXT, type ConsentSource } from '#shared/constants/consent.ts';
import { DUPLICATE_WINDOW_SECONDS } from '#shared/constants/limits.ts';
import type { ScorecardRequest } from '#shared/schemas/scorecard.ts';
import type { SignupRequest } from '#shared/schemas/signup.ts';
import { getLeadByKey, putLead } from '../data/leads';
import type { ConsentRequest, FormLeadType, MailPart, PartStatus } from '../data/lead-item';
import type { TableStore } from '../data/stores';
import { findSubscriber } from '../data/subscribers';
import * as log from '../runtime/log';
import { canonicalMailbox } from './canonical-mailbox';
import { leadDetails } from './lead-details';
import { leadKeys } from './lead-key';
import { newLead } from './new-lead';
import { countSubmission, submissionCounters, type LimitSettings } from './submission-limits';
import type { DeliveryPolicy } from '../mail/delivery-policy';
import type { FormMailTurn } from './form-mail-budget';

export interface LeadStores {
  leads: TableStore;
  subscribers: TableStore;
}

/**
 * How one public form takes a lead in, what differs between the forms: the rest of the flow is one
 * (submitLead). Not the console's LeadForm (shared/console/leads.ts), which names a lead's form.
 */
export interface FormIntake<TRequest> {
  type: FormLeadType;
  audience: (request: TRequest) => Audience;
  /** The marketing consent the visitor asked for, if any: it is confirmed by email. */
  consentRequest: (request: TRequest) => ConsentRequest | undefined;
  /** The email to the typed address besides the confirmation, if the form sends one. */
  personPart?: MailPart;
}

/** Which form a sign-up's consent came from: /candidate's sign-up or /contact's contact form. */
const SIGNUP_SOURCE: Record<Audience, ConsentSource> = { candidate: 'candidate-signup-form', employer: 'contact-form' };

export const SIGNUP_FORM: FormIntake<SignupRequest> = {
  type: 'signup',
  audience: (request) => request.audience as Audience,
  consentRequest: (request) => ({
    source: SIGNUP_SOURCE[request.audience as Audience],
    text: CONSENT_TEXT.signup,
    formVersion: CONSENT_FORMS_VERSION,
  }),
};

export const SCORECARD_FORM: FormIntake<ScorecardRequest> = {
  type: 'scorecard',
  audience: () => 'employer',
  consentRequest: (request) =>
    request.marketingConsent
      ? { source: 'scorecard-form', text: CONSENT_TEXT.scorecardMarketing, formVersion: CONSENT_FORMS_VERSION }
      : undefined,
  personPart: 'requester',
};

export interface SubmissionContext {
  now: number;
  /** The viewer's address (docs/decisions/0003-abuse-limits.md). */
  client: string;
  /** The viewer's network blocks (clientNetworkKey, lambdas/http/client-address.ts); none without a client. */
  networks?: readonly string[];
  limits: LimitSettings;
  delivery: DeliveryPolicy;
}

/** A lead of this submission stored within the duplicate window, under either possible key. */
const findResent = async (store: TableStore, keys: { current: string; previous: string }, now: number) => {
  const [current, previous] = await Promise.all([
    getLeadByKey(store, keys.current),
    getLeadByKey(store, keys.previous),
  ]);
  if (current) return current;
  return previous && previous.createdAt > now - DUPLICATE_WINDOW_SECONDS ? previous : undefined;
};

/** The visitor's emails: owed now, waiting for their turn in the budget, or held for the firm. */
const statusInTurn = (turn: FormMailTurn | undefined, now: number): PartStatus => {
  if (turn === undefined) return 'pending';
  if ('held' in turn) return 'held';
  return turn.opensAt <= now ? 'pending' : 'waiting';
};

/**
 * A form submission becomes a stored lead, once, and nothing else is written on the way: the
 * subscriber record changes only through its owner's links (docs/decisions/0002-consent-model.md).
 * Order (docs/decisions/0001-lead-delivery.md): find a resend, count the limits idempotently
 * by the lead's key, then the lead's conditional put, which is what the 2xx stands for. If the
 * put fails, the slots are given back, so a retry or another submission is not refused for it.
 * True when this call stored the lead (not a resend): what the site's conversions count.
 */
export const submitLead = async <TRequest extends SignupRequest | ScorecardRequest>(
  stores: LeadStores,
  form: FormIntake<TRequest>,
  request: TRequest,
  context: SubmissionContext,
): Promise<boolean> => {
  const { now } = context;
  const details = leadDetails(request, form.audience(request));
  const mailbox = canonicalMailbox(details.email);
  const keys = leadKeys(form.type, { ...request, email: details.email }, now);

  const resent = await findResent(stores.leads, keys, now);
  if (resent) return false;

  const subscriber = await findSubscriber(stores.subscribers, details.audience, mailbox);
  const confirmed = subscriber?.consent === 'express' && subscriber.subscribed;
  const consentRequest = confirmed ? undefined : form.consentRequest(request);
  const personParts: MailPart[] = [
    ...(form.personPart ? [form.personPart] : []),
    ...(consentRequest ? ['confirmation' as const] : []),
  ];

  const leadExists = async (key: string) => (await getLeadByKey(stores.leads, key)) !== undefined;
  const counters = submissionCounters(context.limits, {
    type: form.type,
    client: context.client,
    networks: context.networks ?? [],
    mailbox,
    now,
  });
  const { mailTurn, release } = await countSubmission(
    stores.leads,
    counters,
    { type: form.type, key: keys.current, mailsUnconfirmedAddress: personParts.length > 0 && !confirmed, now },
    leadExists,
  );

  const opensAt = mailTurn && 'opensAt' in mailTurn ? mailTurn.opensAt : now;
  const personStatus = statusInTurn(mailTurn, now);
  const lead = newLead(
    {
      key: keys.current,
      type: form.type,
      details,
      mailbox,
      consentRequest,
      mail: { notification: 'pending', ...Object.fromEntries(personParts.map((part) => [part, personStatus])) },
      ...(personStatus === 'waiting' && { waitsUntil: opensAt }),
      // A held email's blocks are looked at again when the windows turn: it goes out by itself
      // unless a block went over its budget (lambdas/mail/held-mail.ts).
      ...(personStatus === 'held' && { floodCheck: counters.networks.map((counter) => counter.id) }),
    },
    now,
    context.delivery,
  );

  let stored: boolean;
  try {
    stored = await putLead(stores.leads, lead);
  } catch (error) {
    // Give the slots back only when the lead is known not to be stored (the put may have
    // landed before its answer was lost); if even that cannot be read, freeStaleSlots will.
    if (!(await leadExists(keys.current).catch(() => true))) await release().catch(() => undefined);
    throw error;
  }
  if (stored && (personStatus === 'waiting' || personStatus === 'held')) {
    log.warn(FORM_MAIL_BUDGET_EXHAUSTED, { leadId: lead.id, form: form.type, mail: personStatus });
  }
  return stored;
};
