import type { LeadChanged, LeadDetail } from '#shared/console/leads.ts';
import { RequestError } from '#web/src/lib/api-client.ts';
import { useSubmission } from '#web/src/components/form/use-submission.ts';

/** Said after the API's words when a change lost to another (409): the page shows the lead as it is now. */
export const RELOADED_NOTICE = 'The lead below is reloaded as it is now; anything you typed is kept.';

/**
 * One kind of change on a lead's page (its status, follow-up date, note…): one request at a time,
 * the API's answer in plain words beside the control, and the lead as the API returned it. A 409
 * means someone changed the lead meanwhile (or the move is no longer allowed): the API's words,
 * then the lead reloaded, while what the owner typed stays where it was.
 */
export function useLeadChange(onLead: (lead: LeadDetail) => void, reload: () => Promise<void>) {
  const submission = useSubmission();
  const change = (send: () => Promise<LeadChanged>) =>
    submission.submit(async () => {
      try {
        const { message, lead } = await send();
        onLead(lead);
        return message;
      } catch (error) {
        if (!(error instanceof RequestError) || error.status !== 409) throw error;
        await reload();
        throw new RequestError(`${error.message} ${RELOADED_NOTICE}`, 409);
      }
    });
  return { pending: submission.pending, outcome: submission.outcome, change };
}
