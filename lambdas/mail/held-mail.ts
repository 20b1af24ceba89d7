/**
 * Held email, looked at again as the form-mail budget's windows turn
 * (docs/decisions/0003-abuse-limits.md, amendment 2026-11-28). An email is held when a flood filled
 * every window within the hold. Before, it waited for the firm's release; a real visitor who
 * came after a flood was then kept waiting by hand. Now a held email is part of the flood only
 * when one of its network blocks (an IPv4 /24, an IPv6 /48) went over its budget in the hour of
 * the submission, that is, a submission from the block was refused: those wait for the firm, as
 * before, and the firm can mark them as spam, a whole flood in one action
 * (lambdas/console/leads/spam-runs.ts), which means they are never sent (partsDroppedAsSpam). Every
 * other held email takes the first slot that opens within the hold, and goes out by itself, once
 * (the mailer's at-most-once rules), until its links would stop working: then it too waits for
 * the firm.
 */
import { getItem } from '../data/items';
import { dropHeldMail } from '../data/lead-mail-state';
import { leadKeyOf, type LeadItem, type MailPart, type PartStatus } from '../data/lead-item';
import type { TableStore } from '../data/stores';
import { reserveFormMail, type FormMailBudget } from '../domain/form-mail-budget';
import { linksWorkUntil } from '../domain/resend-lead-mail';
import { EXCEEDED_ATTRIBUTE } from '../domain/submission-limits';

const HOUR = 3600;

/** What to do with a lead's held emails now. */
export type HeldMailDecision =
  /** Not yet known or no room yet: look again then. */
  | { recheckAt: number }
  /** Its block went over its budget: it waits for the firm (release, drop, or mark as spam). */
  | { partOfFlood: string }
  /** Held before this rule, or its links have expired: the firm decides, as before. */
  | { forTheFirm: true }
  /** It has a slot: it goes out at `opensAt` (at once when that is now or past). */
  | { opensAt: number };

/**
 * The emails a form owed the address it was given: the scorecard link and the confirmation
 * request. Once the firm marks the lead as spam, those not yet handed to SES are never sent: the
 * marking drops the held ones at once (dropHeldMail), and the mailer drops any still owed or
 * waiting for its turn at its next attempt (a mark made in the second the mailer holds the lead
 * is seen at the attempt after). The firm's own notification still goes, and a welcome, which
 * only the person's own click on the confirmation brings, is not the flood's.
 */
const OWED_TO_THE_ADDRESS: readonly MailPart[] = ['requester', 'confirmation'];
const NOT_YET_SENT: readonly (PartStatus | undefined)[] = ['pending', 'waiting', 'held'];

/** Whether a lead marked as spam sends this email (a resend of it is refused while it is spam). */
export const sentWhenSpam = (part: MailPart) => !OWED_TO_THE_ADDRESS.includes(part);

/** The parts of a lead marked as spam that are dropped now (none for any other lead). */
export const partsDroppedAsSpam = (lead: LeadItem, mail: LeadItem['mail']): MailPart[] =>
  lead.spam ? OWED_TO_THE_ADDRESS.filter((part) => NOT_YET_SENT.includes(mail[part])) : [];

/**
 * A lead just marked as spam whose emails wait for the firm (mailStatus `held`: nothing else is
 * owed) loses them at once, as `ops drop-mail` drops them, so they no longer wait: how many were
 * dropped. Any other lead (its first attempt not made yet, or the mailer holding it this
 * instant) is left to the mailer, which drops them at its next attempt: dropHeldMail writes the
 * whole mail map, which is only safe while the lead is settled as held.
 */
export const dropHeldOfSpam = async (store: TableStore, lead: LeadItem): Promise<number> => {
  const held = Object.values(lead.mail).filter((status) => status === 'held').length;
  return lead.mailStatus === 'held' && held > 0 && (await dropHeldMail(store, lead)) ? held : 0;
};

const nextWindowStart = (budget: FormMailBudget, time: number) =>
  (Math.floor(time / budget.windowSeconds) + 1) * budget.windowSeconds;

/**
 * The first look: once the window has turned and the submission's hour is over, so its blocks'
 * counters are final (a block may go over its budget after the held email was stored).
 */
export const firstHeldCheckAt = (budget: FormMailBudget, createdAt: number) =>
  Math.max(nextWindowStart(budget, createdAt), (Math.floor(createdAt / HOUR) + 1) * HOUR);

export const decideHeldMail = async (
  store: TableStore,
  budget: FormMailBudget,
  lead: LeadItem,
  now: number,
): Promise<HeldMailDecision> => {
  if (lead.floodCheck === undefined || lead.partOfFlood !== undefined) return { forTheFirm: true };
  const firstCheck = firstHeldCheckAt(budget, lead.createdAt);
  if (now < firstCheck) return { recheckAt: firstCheck };
  for (const counterId of lead.floodCheck) {
    const counter = await getItem<Record<string, unknown>>(store, counterId);
    if (counter?.[EXCEEDED_ATTRIBUTE] !== undefined) return { partOfFlood: counterId };
  }
  if (now >= linksWorkUntil(lead)) return { forTheFirm: true };
  const turn = await reserveFormMail(store, budget, leadKeyOf(lead.id), now);
  return 'held' in turn ? { recheckAt: nextWindowStart(budget, now) } : { opensAt: turn.opensAt };
};
