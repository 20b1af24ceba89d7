import middy from '@middy/core';
import type { SNSEvent } from 'aws-lambda';
import { ingestSesEvents } from '../mail/ingest-ses-event';
import { readSesEvent, type SesEvent } from '../mail/ses-event';
import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { nowSeconds } from '../runtime/clock';
import { requireEnv } from '../runtime/env';
import * as log from '../runtime/log';

const db = createDynamoClient();
const stores = {
  leads: { db, table: requireEnv('LEADS_TABLE') },
  subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
  campaigns: { db, table: requireEnv('CAMPAIGNS_TABLE') },
};

const parse = (message: string, messageId: string): SesEvent | undefined => {
  try {
    return readSesEvent(message, nowSeconds());
  } catch (error) {
    // Retrying cannot fix a malformed message; throwing would only loop it back.
    log.warn('Skipping malformed SES event', { messageId, error });
    return undefined;
  }
};

/**
 * SES's events about every email (the configuration set publishes Send, Delivery, Bounce,
 * Complaint, Reject and DeliveryDelay through SNS): each recorded on its email's own record
 * (lambdas/mail/ingest-ses-event.ts). Store errors are thrown so SNS and Lambda retry them.
 */
export const handler = middy(async (event: SNSEvent): Promise<void> => {
  const sesEvents = event.Records.flatMap((record) => parse(record.Sns.Message, record.Sns.MessageId) ?? []);
  await ingestSesEvents(stores, sesEvents, nowSeconds());
});
