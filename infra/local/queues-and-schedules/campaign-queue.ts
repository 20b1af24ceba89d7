import { publisherTriggerFromEnv } from '#lambdas/publisher/lambda-publisher-trigger.ts';
import { campaignSenderDepsFromEnv, sendRateFromEnv } from '#lambdas/campaigns/campaign-deps.ts';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { readCampaignMessage, type CampaignMessage } from '#lambdas/campaigns/campaign-message.ts';
import { enqueueRecipients } from '#lambdas/campaigns/enqueue.ts';
import { processCampaignMessage, type CampaignQueueDeps } from '#lambdas/campaigns/process-campaign-message.ts';
import { createPacer } from '#lambdas/campaigns/send-pacer.ts';
import type { CampaignItem } from '#lambdas/data/campaign-item.ts';
import { sentContentOf } from '#lambdas/data/campaign-body.ts';
import { nowSeconds } from '#lambdas/runtime/clock.ts';
import { scanKind } from '../../ops/commands/scan-table';
import { every } from './every';
import { runAs } from '../functions/iam/function-identity';
import type { LocalScheduler } from './local-scheduler';

interface Waiting {
  message: CampaignMessage;
  notBefore: number;
  errors: number;
}

/** A message the database failed on is tried again this many times, as SQS's maxReceiveCount would. */
const MAX_ERRORS = 5;

/**
 * The local stack's campaign queue and its event source: each tick launches the console's sends
 * whose time has come on the twin's `clock` (the due schedules of the twin's Scheduler, or a scan
 * of the campaigns table for scheduled ones, putting on the queue the launch message a one-time
 * schedule's target puts on it in AWS: lambdas/campaigns/launch-starter.ts), then runs the due messages
 * through the campaign worker's own code (processCampaignMessage) at SES's rate, a few at a time,
 * putting back the ones it hands back (refused, in doubt, paused) after their delay, as the queue's
 * visibility timeout would. Held in memory: a stack stopped mid-send leaves the rest unsent until a
 * resume (`npm run campaign -- send` picks it up, the send records keep one email per person).
 */
export function createLocalCampaignQueue(
  options: {
    concurrency?: number;
    rate?: number;
    pausedRecheckSeconds?: number;
    /** The twin's clock, Unix seconds: tests move it to a scheduled send's time. */
    clock?: () => number;
    /**
     * The queue as SQS: a launch puts its recipients on it with the worker's own code
     * (enqueueRecipients, SendMessageBatch), through the twin's SQS endpoint, which hands them to
     * `receive` (infra/local/queues-and-schedules/local-sqs.ts). Without it they are pushed here directly.
     */
    sqs?: { client: SQSClient; queueUrl: string };
    /**
     * The twin's EventBridge Scheduler (local-scheduler.ts): each tick puts on the queue the
     * message of every schedule due on the clock. Without it (CAMPAIGN_SCHEDULE_GROUP=LOCAL_CLOCK)
     * the campaigns table is the schedule: a scheduled send is launched when its launchAt comes.
     */
    scheduler?: Pick<LocalScheduler, 'takeDue'>;
  } = {},
) {
  const clock = options.clock ?? nowSeconds;
  const sender = campaignSenderDepsFromEnv();
  const waiting: Waiting[] = [];
  const push = (message: CampaignMessage, notBefore = 0) => waiting.push({ message, notBefore, errors: 0 });
  const deps: CampaignQueueDeps = {
    ...sender,
    enqueue: async (messages) =>
      options.sqs
        ? enqueueRecipients(options.sqs.client, options.sqs.queueUrl, messages)
        : messages.forEach((message) => push(message)),
    campaignOf: (slug) => sentContentOf(sender.campaigns, slug),
    // As the worker in AWS: the twin's Lambda endpoint runs the publisher (infra/local/functions/local-lambda.ts).
    archiveChanged: publisherTriggerFromEnv(),
    pausedRecheckSeconds: options.pausedRecheckSeconds ?? 1,
    pace: createPacer(options.rate ?? sendRateFromEnv()),
  };

  const launchDue = async () => {
    if (options.scheduler) {
      for (const schedule of options.scheduler.takeDue(clock(), 'sqs'))
        push(readCampaignMessage(schedule.target.input));
      return;
    }
    const due = (await scanKind<CampaignItem>(sender.campaigns.db, sender.campaigns.table, 'campaign')).filter(
      (item) => item.sendState === 'scheduled' && (item.launchAt ?? 0) <= clock(),
    );
    for (const item of due) push({ campaign: item.slug, launch: true, launchId: item.launchId! });
  };

  /**
   * Takes only messages due when the tick began: one handed back (paused, refused, in doubt) waits
   * for a later tick, as SQS hides it for its visibility timeout. Taking it again within the same
   * tick made a paused send's tick endless (its messages came due again faster than it went round).
   */
  const worker = async (tickStart: number) => {
    for (;;) {
      const index = waiting.findIndex((entry) => entry.notBefore <= tickStart);
      if (index === -1) return;
      const [entry] = waiting.splice(index, 1);
      try {
        const outcome = await processCampaignMessage(deps, entry!.message, clock());
        if ('againAfterSeconds' in outcome)
          waiting.push({ ...entry!, notBefore: Date.now() + outcome.againAfterSeconds * 1000 });
      } catch (error) {
        if (entry!.errors + 1 >= MAX_ERRORS)
          console.error('[campaigns] message dropped after 5 failures', entry!.message, error);
        else waiting.push({ ...entry!, errors: entry!.errors + 1, notBefore: Date.now() + 1000 * 2 ** entry!.errors });
      }
    }
  };

  /** Launches what is due and sends every message due now; the ones handed back wait for a later tick. */
  const tick = async () => {
    await launchDue();
    const tickStart = Date.now();
    // The messages are the campaign worker's invocations: its AWS calls are held to its role.
    await runAs('campaignWorker', () =>
      Promise.all(Array.from({ length: options.concurrency ?? 4 }, () => worker(tickStart))),
    );
  };
  /** A message put on the queue as SQS SendMessage would (a schedule's target firing once more, say). */
  const send = (message: CampaignMessage) => void push(message);
  /** What the twin's SQS endpoint delivers: message bodies, as SQS would hand them to the worker. */
  const receive = (bodies: string[]) => bodies.forEach((body) => push(readCampaignMessage(body)));
  return { tick, send, receive, waiting: () => waiting.length };
}

/** `npm start`: the queue ticks every `intervalMs`, as the mail sweeper does. */
export function startLocalCampaignQueue(queue: LocalCampaignQueue, intervalMs = 500) {
  return every(intervalMs, () =>
    queue.tick().catch((error: unknown) => console.error('[campaigns] tick failed; retrying', error)),
  );
}

export type LocalCampaignQueue = ReturnType<typeof createLocalCampaignQueue>;
