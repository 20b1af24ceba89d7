import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { deliverLeadMail } from '../mail/deliver-lead-mail';
import { mailerDepsFromEnv } from '../mail/mailer-deps';
import { nowSeconds } from '../runtime/clock';
import * as log from '../runtime/log';

const deps = mailerDepsFromEnv();

/** New leads only: the counters that share the table send nothing. */
const newLeadId = (record: DynamoDBRecord): string | undefined => {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || image?.kind?.S !== 'lead') return undefined;
  return image.id?.S;
};

/**
 * The leads stream: a new lead's first delivery attempt, at once. Retries do not ride on the
 * stream (its on-failure destination keeps only pointers that expire with the stream): a lead
 * that still owes mail stays in the MailDue index, where the mail sweep finds it. A record is
 * reported failed only when the database could not record the attempt.
 */
export const handler = middy(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const leadId = newLeadId(record);
    if (!leadId) continue;
    try {
      await deliverLeadMail(deps, leadId, nowSeconds());
    } catch (error) {
      log.error('Lead mail attempt not recorded; the stream or the sweep will retry', { leadId, error });
      batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? leadId });
    }
  }
  return { batchItemFailures };
});
