import type { LeadDetail, LeadEmail, LeadEmailPart, LeadForm, LeadSummary } from '#shared/console/leads.ts';
import { LEAD_EMAILS } from '#shared/console/leads.ts';
import { withoutControls } from '#shared/inert-text.ts';
import { leadKeyOf, type LeadItem, type PartStatus } from '../../data/lead-item';
import { isoTime } from '../../runtime/clock';
import { canResend } from '../../domain/resend-lead-mail';

/** A stored lead as a row of the console's list. */
export const leadSummary = (lead: LeadItem): LeadSummary => ({
  id: leadKeyOf(lead.id),
  receivedAt: lead.createdAt,
  form: lead.type as LeadForm,
  audience: lead.audience,
  name: `${lead.firstName} ${lead.lastName}`,
  email: lead.email,
  organization: lead.organization ?? '',
  status: lead.followUpStatus ?? 'new',
  ...(lead.followUpOn !== undefined && { followUpOn: lead.followUpOn }),
  spam: lead.spam === true,
  mailStatus: lead.mailStatus,
});

/** Where each part stands, in the owners' words (shared/console/leads.ts LeadEmailState). */
const EMAIL_STATE: Record<PartStatus, Pick<LeadEmail, 'state'> & { reason?: (lead: LeadItem) => string }> = {
  sent: { state: 'sent' },
  pending: { state: 'waiting', reason: () => 'Being sent; tried again if Amazon SES refuses it.' },
  sending: { state: 'waiting', reason: () => 'Being handed to Amazon SES now.' },
  waiting: {
    state: 'waiting',
    reason: (lead) =>
      `The limit of form email is reached for now; it goes out on its own at ${isoTime(lead.mailWaitsUntil ?? 0)}.`,
  },
  held: {
    state: 'waiting',
    reason: () => 'Held: too many form emails were owed to send it within a day. Send it again, or leave it.',
  },
  uncertain: {
    state: 'in doubt',
    reason: () =>
      'Amazon SES may have accepted it: the answer was lost. It is not sent again, so it is not sent twice.',
  },
  failed: {
    state: 'failed',
    reason: (lead) =>
      `Amazon SES kept refusing it until we gave up (${withoutControls(lead.lastMailError ?? 'no reason given')}).`,
  },
  suppressed: {
    state: 'not sent',
    reason: () => 'This address bounced or complained before, so it gets no more email.',
  },
  skipped: { state: 'not sent', reason: () => 'Nothing to send: they had already confirmed.' },
  dropped: { state: 'not sent', reason: () => 'The firm decided not to send it.' },
};

const emailOf = (lead: LeadItem, part: LeadEmailPart, status: PartStatus): LeadEmail => {
  const { state, reason } = EMAIL_STATE[status];
  const delivery = lead.deliveries?.[part];
  return {
    part,
    state,
    ...(reason && { reason: reason(lead) }),
    canResend: canResend(status),
    ...(delivery && {
      delivery: { outcome: delivery.outcome, at: delivery.at, ...(delivery.detail && { detail: delivery.detail }) },
    }),
  };
};

/** A stored lead as its console page: what the visitor sent, its emails, and the firm's follow-up. */
export const leadDetail = (lead: LeadItem): LeadDetail => ({
  ...leadSummary(lead),
  firstName: lead.firstName,
  lastName: lead.lastName,
  jobTitle: lead.jobTitle ?? '',
  message: withoutControls(lead.helpDescription ?? ''),
  marketingEmail: !lead.consentRequest ? 'not asked' : lead.confirmedAt ? 'confirmed' : 'asked',
  emails: LEAD_EMAILS.flatMap((part) => {
    const status = lead.mail[part];
    return status ? [emailOf(lead, part, status)] : [];
  }),
  statusHistory: lead.statusHistory ?? [],
  notes: lead.notes ?? [],
  version: lead.consoleVersion ?? 0,
});
