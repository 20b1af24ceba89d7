import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { publisherTriggerFromEnv } from '../publisher/lambda-publisher-trigger';
import { readCampaignMessage } from '../campaigns/campaign-message';
import { campaignSenderDepsFromEnv, sendRateFromEnv } from '../campaigns/campaign-deps';
import { enqueueRecipients } from '../campaigns/enqueue';
import { processCampaignMessage } from '../campaigns/process-campaign-message';
import { createPacer } from '../campaigns/send-pacer';
import type { CampaignContent } from '../data/campaign-item';
import { sentContentOf } from '../data/campaign-body';
import { createSqsClient } from '../runtime/aws-clients/sqs';
import { nowSeconds } from '../runtime/clock';
import { optionalNumberEnv, requireEnv } from '../runtime/env';
import * as log from '../runtime/log';

const sender = campaignSenderDepsFromEnv();
const sqs = createSqsClient();
const queueUrl = requireEnv('CAMPAIGN_QUEUE_URL');
/** SES's rate shared by the workers the event source may run at once. */
const pace = createPacer(sendRateFromEnv() / optionalNumberEnv('CAMPAIGN_WORKERS', 2));
/** SQS's longest visibility timeout: a longer backoff waits in steps of this. */
const MAX_VISIBILITY_SECONDS = 12 * 3600;

const campaigns = new Map<string, CampaignContent>();
const deps = {
  ...sender,
  enqueue: (messages: { campaign: string; subscriberId: string }[]) => enqueueRecipients(sqs, queueUrl, messages),
  campaignOf: async (slug: string) => {
    if (!campaigns.has(slug)) campaigns.set(slug, await sentContentOf(sender.campaigns, slug));
    return campaigns.get(slug)!;
  },
  archiveChanged: publisherTriggerFromEnv(),
  pausedRecheckSeconds: 60,
  pace,
};

/**
 * The campaign queue (docs/decisions/0050-campaign-sending.md): a launch message (a console send
 * at its time) gathers and queues the recipients; then one message per recipient, sent at SES's
 * rate. A recipient SES refused is handed back with its backoff as the message's visibility
 * timeout, one in doubt with its settling window
 * (docs/decisions/0063-settling-mail-from-ses-events.md), one of a paused send after a minute; a
 * message that fails (the database could not record it) returns after the queue's visibility
 * timeout, and after maxReceiveCount lands in the dead-letter queue (alarm).
 * Redelivery is harmless: the send record's claim lets each person's email go out once.
 */
export const handler = middy(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const message = readCampaignMessage(record.body);
      const outcome = await processCampaignMessage(deps, message, nowSeconds());
      if ('againAfterSeconds' in outcome) {
        const VisibilityTimeout = Math.min(outcome.againAfterSeconds, MAX_VISIBILITY_SECONDS);
        await sqs.send(
          new ChangeMessageVisibilityCommand({
            QueueUrl: queueUrl,
            ReceiptHandle: record.receiptHandle,
            VisibilityTimeout,
          }),
        );
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    } catch (error) {
      log.error('Campaign message not processed; the queue redelivers it', { messageId: record.messageId, error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
});
