import * as log from '../../runtime/log';

/** Asks for a run of the newsletter archive's publisher, without waiting for it. */
export type ArchiveTrigger = () => Promise<void>;

/**
 * Asks for a run after a change the archive may show (a send started, `publish` switched); true
 * when Lambda took the request. A failed request is logged and answers false, never throws: the
 * change is stored already, and the publisher reads the table whole, so its next run (any later
 * send or switch) publishes it.
 */
export const requestArchiveRun = async (trigger: ArchiveTrigger, campaign: string): Promise<boolean> => {
  try {
    await trigger();
    return true;
  } catch (error) {
    log.error('Newsletter archive run not requested; the next run publishes the change', { campaign, error });
    return false;
  }
};
