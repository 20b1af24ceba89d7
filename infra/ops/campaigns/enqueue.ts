import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { createSqsClient } from '#lambdas/runtime/aws-clients/sqs.ts';
import { campaignMessageBody } from '#lambdas/campaigns/campaign-message.ts';
import { STACK } from '../stack-target';

/**
 * Hands the recipients to the campaign queue, ten per SendMessageBatch (the SQS maximum). The
 * worker Lambda drains it at SES's rate; each message is one recipient, so no invocation has to
 * last the whole send. Entries SQS did not take are sent again; a run stopped halfway is resumed
 * by running `send` again (duplicates are harmless: the send records keep one email per person).
 */
export const enqueueRecipients = async (queueUrl: string, campaign: string, subscriberIds: string[]): Promise<void> => {
  const sqs = createSqsClient({ region: STACK.region });
  for (let start = 0; start < subscriberIds.length; start += 10) {
    let entries = subscriberIds.slice(start, start + 10).map((subscriberId, index) => ({
      Id: String(index),
      MessageBody: campaignMessageBody({ campaign, subscriberId }),
    }));
    for (let attempt = 0; entries.length > 0; attempt += 1) {
      if (attempt === 5)
        throw new Error(`SQS refused ${entries.length} message(s) five times; run the same send again to resume`);
      const { Failed = [] } = await sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
      entries = entries.filter((entry) => Failed.some((failed) => failed.Id === entry.Id));
    }
  }
};
