import { countIneligible } from '../data/campaign-counts';
import type { CampaignContent } from '../data/campaign-item';
import { sendStateOf } from '../data/campaign-launch';
import type { CampaignMessage } from './campaign-message';
import { launchCampaign, type LaunchDeps } from './launch-campaign';
import { sendToRecipient, type CampaignSenderDeps } from './send-to-recipient';

export interface CampaignQueueDeps extends CampaignSenderDeps, LaunchDeps {
  /** The frozen content of a campaign (the worker keeps it once read). */
  campaignOf: (slug: string) => Promise<CampaignContent>;
  /** How long a paused campaign's message waits before the worker looks again. */
  pausedRecheckSeconds: number;
  /** Waits for SES's rate (send-pacer.ts): taken only by a message whose email may go out. */
  pace: () => Promise<void>;
}

/** Done with the message, or hand it back to the queue for this long. */
export type MessageOutcome = { done: true } | { againAfterSeconds: number };

/**
 * One message of the campaign queue, the same in the AWS worker and the local stack's queue: a
 * launch gathers and queues the recipients; a recipient's email goes out unless the owner paused
 * the send (checked before each email: the message goes back and waits, nothing is lost, and the
 * send record still lets it go out once). Throws when the database failed (the queue redelivers).
 */
export const processCampaignMessage = async (
  deps: CampaignQueueDeps,
  message: CampaignMessage,
  now: number,
): Promise<MessageOutcome> => {
  if ('launch' in message) {
    await launchCampaign(deps, message, now);
    return { done: true };
  }
  const state = await sendStateOf(deps.campaigns, message.campaign);
  if (state === undefined) throw new Error(`Campaign ${message.campaign} has no campaign item`);
  // A paused send's message costs no place in SES's rate: it goes straight back to wait.
  if (state === 'paused') return { againAfterSeconds: deps.pausedRecheckSeconds };
  await deps.pace();
  const outcome = await sendToRecipient(deps, await deps.campaignOf(message.campaign), message.subscriberId, now);
  if (outcome.result === 'ineligible') await countIneligible(deps.campaigns, message.campaign);
  if (outcome.result === 'retry' || outcome.result === 'in-doubt') return { againAfterSeconds: outcome.afterSeconds };
  return { done: true };
};
