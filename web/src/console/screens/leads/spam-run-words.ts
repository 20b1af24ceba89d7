import { countOf } from '#shared/count-words.ts';
import type { SpamRun } from '#shared/console/leads.ts';

/**
 * The words of marking many leads as spam (./SpamRunPanel.tsx), from the run's counts as the API
 * gives them (shared/console/leads.ts SpamRun).
 */

const number = (count: number) => count.toLocaleString('en-CA');

/** Which leads the owner chose: the leads shown, or every lead of the view as filtered. */
export type SpamRunChoice = 'shown' | 'matching';

/** The question asked before a run, with the number counted. */
export const spamRunQuestion = (choice: SpamRunChoice, total: number, where: string) =>
  `${choice === 'shown' ? `Mark the ${countOf(total, 'lead')} shown` : `Mark all ${countOf(total, 'lead')} ${where}`} as spam? ` +
  'They leave the inbox and are kept in Spam, and any of their emails not sent yet (such as a confirmation held for you) will never be sent.';

/** The progress while the run goes on, e.g. "Marked 1,200 of 8,100 as spam…". */
export const spamRunProgress = (run: SpamRun) => `Marked ${number(run.marked)} of ${number(run.total)} as spam…`;

/** What a run did, once done. */
export const spamRunDone = (run: SpamRun) =>
  [
    `Marked ${countOf(run.marked, 'lead')} as spam.`,
    run.unchanged > 0 &&
      `${countOf(run.unchanged, 'lead')} had changed meanwhile and ${run.unchanged === 1 ? 'was' : 'were'} not marked.`,
    run.heldDropped > 0 && `${countOf(run.heldDropped, 'held email')} will never be sent.`,
  ]
    .filter(Boolean)
    .join(' ');

/** Why a run stopped, and how far it had come. */
export const spamRunStopped = (reason: string, run: SpamRun | undefined) =>
  run && run.marked > 0
    ? `${reason} ${number(run.marked)} of ${number(run.total)} are marked so far: “Continue marking” goes on from there.`
    : reason;
