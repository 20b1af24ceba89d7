import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESClient } from '@aws-sdk/client-ses';
import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { deliverLeadMail, type MailerDeps } from '../mail/deliver-lead-mail';
import { sendMail } from '../mail/send';
import { nowSeconds } from '../runtime/clock';
import { requireEnv } from '../runtime/env';
import * as log from '../runtime/log';

const db = new DynamoDBClient({});
const ses = new SESClient({});
const senderAddress = requireEnv('SENDER_EMAIL');
const deps: MailerDeps = {
  leads: { db, table: requireEnv('LEADS_TABLE') },
  subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
  siteUrl: requireEnv('SITE_URL').replace(/\/+$/, ''),
  notificationEmail: requireEnv('NOTIFICATION_EMAIL'),
  send: (mail) => sendMail(ses, mail, senderAddress),
};

/** New leads only: markers, counters and tokens share the table but send nothing. */
const newLeadId = (record: DynamoDBRecord): string | undefined => {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || image?.kind?.S !== 'lead') return undefined;
  return image.id?.S;
};

/**
 * The leads table's stream consumer. A record whose mail failed is reported in
 * batchItemFailures, so Lambda retries it while the other records of the batch count as done;
 * after the last try (the lead is then marked failed) Lambda sends it to the dead-letter queue.
 */
export const handler = middy(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const leadId = newLeadId(record);
    if (!leadId) continue;
    try {
      await deliverLeadMail(deps, leadId, nowSeconds());
    } catch (error) {
      log.error('Lead mail failed; record will be retried', { leadId, error });
      batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? leadId });
    }
  }
  return { batchItemFailures };
});
