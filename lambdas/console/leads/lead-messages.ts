import type { FollowUpStatus } from '#shared/console/leads.ts';
import { FOLLOW_UP_STATUS_NAMES, NEXT_STATUSES, NOTES_MAX } from '#shared/console/leads.ts';

/** What the leads routes answer, in the owners' words (shared/console/leads.ts). */
export const LEAD_MESSAGES = {
  noSuchLead: 'There is no such lead. It may have been removed after the retention period.',
  changedMeanwhile:
    'Someone changed this lead after you opened it, so your change was not saved. Reload the lead to see theirs, then make yours again.',
  notesFull: `This lead has ${NOTES_MAX} notes, the most it can keep.`,
  emptyNote: 'Write the note first.',
  moved: (from: FollowUpStatus, to: FollowUpStatus) =>
    `Moved from ${FOLLOW_UP_STATUS_NAMES[from]} to ${FOLLOW_UP_STATUS_NAMES[to]}.`,
  /** A move the workflow does not allow from where the lead stands. */
  notAllowed: (from: FollowUpStatus, to: FollowUpStatus) => {
    const next = NEXT_STATUSES[from];
    if (from === to) return `This lead is ${from} already.`;
    return next.length === 0
      ? `This lead is ${from}: it cannot move to ${to}.`
      : `A lead that is ${from} can move to ${next.join(' or ')}, not to ${to}.`;
  },
  noteAdded: 'Note added.',
  followUpSet: (on: string | null) => (on ? `Follow-up date set to ${on}.` : 'Follow-up date cleared.'),
  spamMarked: (spam: boolean) =>
    spam ? 'Marked as spam: it is kept, out of the inbox.' : 'Back in the inbox: not spam.',
  spamGetsNothing:
    'This lead is marked as spam, so nothing more is sent to its address. If it is a real person, mark it as not spam first.',
} as const;
