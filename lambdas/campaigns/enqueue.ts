import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { campaignMessageBody, type RecipientMessage } from './campaign-message';

/**
 * Hands the recipients to the campaign queue, ten per SendMessageBatch (the SQS maximum). The
 * worker Lambda drains it at SES's rate; each message is one recipient, so no invocation has to
 * last the whole send. Entries SQS did not take are sent again; a launch stopped halfway is
 * repeated (duplicates are harmless: the send records keep one email per person).
 */
export const enqueueRecipients = async (
  sqs: SQSClient,
  queueUrl: string,
  messages: RecipientMessage[],
): Promise<void> => {
  for (let start = 0; start < messages.length; start += 10) {
    let entries = messages.slice(start, start + 10).map((message, index) => ({
      Id: String(index),
      MessageBody: campaignMessageBody(message),
    }));
    for (let attempt = 0; entries.length > 0; attempt += 1) {
      if (attempt === 5)
        throw new Error(`SQS refused ${entries.length} message(s) five times; run the same send again to resume`);
      const { Failed = [] } = await sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
      entries = entries.filter((entry) => Failed.some((failed) => failed.Id === entry.Id));
    }
  }
};
