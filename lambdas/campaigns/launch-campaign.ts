import { itemHead } from '../data/campaign-body';
import { requestPublisherRun, type PublisherTrigger } from '../publisher/publisher-trigger';
import { moveSendState } from '../data/campaign-launch';
import { startCampaignRun } from '../data/campaign-sends';
import type { TableStore } from '../data/stores';
import { allSubscribers } from '../data/subscriber-list';
import { splitAudience } from './campaign-audience';
import type { LaunchMessage, RecipientMessage } from './campaign-message';

export interface LaunchDeps {
  campaigns: TableStore;
  subscribers: TableStore;
  /** Hands recipients to the campaign queue (SQS in AWS, the local stack's queue locally). */
  enqueue: (messages: RecipientMessage[]) => Promise<void>;
  /** Asks the site's publisher for a run: a campaign ticked `publish` appears once it is sent. */
  archiveChanged: PublisherTrigger;
}

/**
 * Starts a console send at its time (docs/decisions/0050-campaign-sending.md): the recipients
 * eligible now, one per person (the rule `npm run campaign -- send` applies), recorded as a run on
 * the campaign item and queued; the worker checks each again right before its email. Outside any
 * API call, so a list of 10,000 takes what it takes. A launch interrupted halfway is repeated by
 * the queue whole (`launching` may be launched again): recipients queued twice are harmless, the
 * send records keep one email per person. Returns how many were queued; undefined when the send
 * is not due to launch (cancelled, launched already, or another send's launch). EventBridge
 * Scheduler may deliver a launch more than once; only the state moves it on.
 */
export const launchCampaign = async (
  deps: LaunchDeps,
  { campaign: slug, launchId }: LaunchMessage,
  now: number,
): Promise<number | undefined> => {
  const item = await moveSendState(deps.campaigns, slug, ['scheduled', 'launching'], 'launching', launchId);
  if (!item) return undefined;
  // The head alone: who gets it depends on its topic and audience, and the body is in its parts already.
  const head = itemHead(item);
  const recipients = splitAudience(await allSubscribers(deps.subscribers), head, now).recipients;
  await startCampaignRun(deps.campaigns, head, recipients.length, now);
  await deps.enqueue(recipients.map(({ id }) => ({ campaign: slug, subscriberId: id })));
  // Paused while launching: it stays paused, the owner resumes it.
  await moveSendState(deps.campaigns, slug, ['launching'], 'sending');
  // After the send started: a failed request must not stop the send; the next run repairs the archive.
  await requestPublisherRun(deps.archiveChanged, slug);
  return recipients.length;
};
