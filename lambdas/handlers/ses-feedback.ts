import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import middy from '@middy/core';
import type { SNSEvent } from 'aws-lambda';
import { recordSendFeedback } from '../data/campaign-sends';
import { canonicalMailbox } from '../domain/canonical-mailbox';
import { suppressAddress } from '../domain/suppress-address';
import { readSesFeedback, type Feedback } from '../mail/ses-notification';
import { nowSeconds } from '../runtime/clock';
import { requireEnv } from '../runtime/env';
import * as log from '../runtime/log';

const db = createDynamoClient();
const subscribers = { db, table: requireEnv('SUBSCRIBERS_TABLE') };
const campaigns = { db, table: requireEnv('CAMPAIGNS_TABLE') };

const parse = (message: string, messageId: string): Feedback | undefined => {
  try {
    return readSesFeedback(message);
  } catch (error) {
    // Retrying cannot fix a malformed message; throwing would only loop it back.
    log.warn('Skipping malformed SES notification', { messageId, error });
    return undefined;
  }
};

/**
 * SES bounce/complaint notifications via SNS. Store errors are thrown so SNS/Lambda retry
 * them; suppression and the campaign's feedback mark are idempotent, so a retried message does no harm.
 */
export const handler = middy(async (event: SNSEvent): Promise<void> => {
  for (const record of event.Records) {
    const feedback = parse(record.Sns.Message, record.Sns.MessageId);
    if (!feedback) continue;
    if (feedback.action === 'ignore') {
      log.info('SES notification needs no action', { messageId: record.Sns.MessageId, why: feedback.why });
      continue;
    }
    for (const address of feedback.addresses) {
      const count = await suppressAddress(subscribers, address, feedback.reason, nowSeconds());
      log.info('Address suppressed', { reason: feedback.reason, subscribers: count });
      // Counted against the campaign its email belonged to (npm run campaign -- status).
      if (feedback.campaign) {
        const send = { campaign: feedback.campaign, mailbox: canonicalMailbox(address) };
        const counted = await recordSendFeedback(campaigns, send, feedback.reason, nowSeconds());
        log.info('Campaign feedback recorded', { campaign: feedback.campaign, reason: feedback.reason, counted });
      }
    }
  }
});
