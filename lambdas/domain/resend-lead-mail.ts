import { CONFIRMATION_TTL_SECONDS } from '#shared/constants/consent.ts';
import { DOWNLOAD_LINK_TTL_SECONDS } from '#shared/constants/limits.ts';
import type { LeadItem, MailPart, PartStatus } from '../data/lead-item';
import { requeueLead } from '../data/lead-mail-state';
import type { TableStore } from '../data/stores';
import { isoTime } from '../runtime/clock';
import { Refusal } from './refusal';

/**
 * The firm sends one email of a lead again from the console: what `npm run mail:redrive --lead`
 * does for a failed email and `ops release-mail` for one the form-mail budget held, and by the
 * same domain function (requeueLead): the part becomes pending and due, and the mailer sends it
 * at most once, as always (docs/decisions/0001-lead-delivery.md). A part SES may already have
 * (sent, in doubt) is never resent from here.
 */
export const canResend = (status: PartStatus) => status === 'failed' || status === 'held';

/**
 * The held emails carry links (the scorecard download, the confirmation) that work 7 days from
 * the request: sent later, they would lead to a 410, so they are not sent.
 */
export const linksWorkUntil = (lead: LeadItem) =>
  lead.createdAt + Math.min(DOWNLOAD_LINK_TTL_SECONDS, CONFIRMATION_TTL_SECONDS);
const CARRIES_LINKS: readonly MailPart[] = ['requester', 'confirmation'];

const REFUSED: Partial<Record<PartStatus, string>> = {
  sent: 'This email was sent already, so it is not sent again.',
  uncertain:
    'Amazon SES may have accepted this email already (its answer was lost), so it is not sent again from the console: ask the person whether it arrived.',
  pending: 'This email is being sent already.',
  sending: 'This email is being sent already.',
  waiting: 'This email goes out on its own when the form-mail limit allows; nothing to do.',
  suppressed: 'This address bounced or complained before, so it gets no more email.',
  skipped: 'There is nothing to send: they had already confirmed.',
  dropped: 'The firm decided not to send this email.',
};

export const NO_SUCH_EMAIL = 'This lead has no such email.';
export const DELIVERY_UNDER_WAY =
  'Another email of this lead is being sent right now. Try again in a minute, once it has gone.';

/** Puts one failed or held part back into delivery; the owner's sentence, or a 409 saying why not. */
export const resendLeadPart = async (
  store: TableStore,
  lead: LeadItem,
  part: MailPart,
  options: { now: number; giveUpAfterSeconds: number },
): Promise<string> => {
  const status = lead.mail[part];
  if (status === undefined) throw new Refusal('conflict', NO_SUCH_EMAIL);
  if (!canResend(status)) throw new Refusal('conflict', REFUSED[status] ?? NO_SUCH_EMAIL);
  if (CARRIES_LINKS.includes(part) && options.now >= linksWorkUntil(lead))
    throw new Refusal(
      'conflict',
      `The links in this email stopped working on ${isoTime(linksWorkUntil(lead))}, so it is not sent. Ask them to use the form again.`,
    );
  const done = await requeueLead(store, lead, {
    now: options.now,
    retryUntil: options.now + options.giveUpAfterSeconds,
    statuses: [status],
    parts: [part],
  });
  if (!done) throw new Refusal('conflict', DELIVERY_UNDER_WAY);
  return `The email to ${part === 'notification' ? 'the firm' : lead.email} is being sent again.`;
};
