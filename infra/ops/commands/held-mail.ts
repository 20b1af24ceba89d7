/**
 * The emails the form-mail budget held (docs/decisions/0003-abuse-limits.md): a flood left them
 * owed for longer than the hold, so they wait for the firm. `ops held` lists them; `ops
 * release-mail <lead id>` sends them (at most once, as every lead email), `ops drop-mail <lead
 * id>` decides not to.
 */
import type { LeadItem } from '#lambdas/data/lead-item.ts';
import { dropHeldMail, requeueLead } from '#lambdas/data/lead-mail-state.ts';
import { getLead } from '#lambdas/data/leads.ts';
import { isoTime } from '#lambdas/runtime/clock.ts';
import { linksWorkUntil } from '#lambdas/domain/resend-lead-mail.ts';
import { scanKind } from './scan-table';
import type { OpsTarget } from './stack-target';

const holds = (lead: LeadItem) => Object.values(lead.mail).includes('held');

/** A lead's mail for the operator: its status, and why an owed email of it has not gone yet. */
export const leadMailSummary = (lead: LeadItem): string => {
  const owed = Object.entries(lead.mail).flatMap(([part, status]) => {
    if (status === 'waiting')
      return [`${part} waiting for the form-mail budget until ${isoTime(lead.mailWaitsUntil!)}`];
    if (status === 'held') return [`${part} held for you: ops release-mail or drop-mail`];
    return [];
  });
  return owed.length > 0 ? `${lead.mailStatus}: ${owed.join(', ')}` : lead.mailStatus;
};

/** Leads with an email held, oldest first: the order a release should follow. */
export const heldLeads = async (target: OpsTarget) =>
  (await scanKind<LeadItem>(target.db, target.tables.leads, 'lead'))
    .filter(holds)
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((lead) => ({
      received: isoTime(lead.createdAt),
      form: lead.type,
      email: lead.email,
      linksWorkUntil: isoTime(linksWorkUntil(lead)),
      id: lead.id,
    }));

/** Sends or drops one lead's held emails; returns the sentence the operator reads. */
export const decideHeldMail = async (
  target: OpsTarget,
  leadId: string,
  decision: 'release' | 'drop',
  now: number,
): Promise<string> => {
  const store = { db: target.db, table: target.tables.leads };
  const lead = await getLead(store, leadId);
  if (!lead) throw new Error(`No lead ${leadId} on ${target.name}.`);
  if (!holds(lead)) throw new Error(`Lead ${leadId} holds no email (mail ${lead.mailStatus}).`);
  if (decision === 'release' && now >= linksWorkUntil(lead))
    throw new Error(
      `The links in the email to ${lead.email} stopped working on ${isoTime(linksWorkUntil(lead))}: it is not sent. Ask them to use the form again, or drop it.`,
    );
  const done =
    decision === 'release'
      ? await requeueLead(store, lead, { now, retryUntil: now + target.giveUpAfterSeconds, statuses: ['held'] })
      : await dropHeldMail(store, lead);
  if (!done) throw new Error(`Lead ${leadId} changed while it was read (its delivery is under way): try again.`);
  return decision === 'release'
    ? `Released: the email to ${lead.email} is being sent.`
    : `Dropped: the email to ${lead.email} will not be sent.`;
};
