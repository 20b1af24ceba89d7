import * as log from '../runtime/log';

/** Asks for a run of the site's publisher, without waiting for it. */
export type PublisherTrigger = () => Promise<void>;

/**
 * Asks for a run after a change the site may show (a send started, `publish` switched, a post
 * published or taken down); true when Lambda took the request. A failed request is logged and
 * answers false, never throws: the change is stored already, and the publisher reads the tables
 * whole, so its next run (any later change, or the run after each deploy) publishes it. `what`
 * names the change in the log (a campaign's slug, a post's id).
 */
export const requestPublisherRun = async (trigger: PublisherTrigger, what: string): Promise<boolean> => {
  try {
    await trigger();
    return true;
  } catch (error) {
    log.error("The site publisher's run was not requested; its next run publishes the change", { what, error });
    return false;
  }
};
