import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { createSesClient } from '../runtime/aws-clients/ses';
import { formMailBudgetFromEnv } from '../domain/submission-settings';
import { requireEnv } from '../runtime/env';
import { deadLetterSinkFromEnv, type DeadLetter, type DeadLetterSink } from './dead-letters';
import { deliveryPolicyFromEnv, type DeliveryPolicy } from './delivery-policy';
import type { MailerDeps } from './deliver-lead-mail';
import type { OutgoingMail } from './outgoing-mail';
import { sendMail } from './send';

/** What every sender of email builds from its environment alike; each adds its tables. */
export interface SenderDeps<Letter> {
  /** The DynamoDB client its tables share. */
  db: DynamoDBClient;
  /** Sends one email through SES (createSesClient) from SENDER_EMAIL; resolves to SES's message id. */
  send: (mail: OutgoingMail) => Promise<string>;
  /** SITE_URL without a trailing slash. */
  siteUrl: string;
  policy: DeliveryPolicy;
  deadLetter: DeadLetterSink<Letter>;
}

export const senderDepsFromEnv = <Letter = DeadLetter>(): SenderDeps<Letter> => {
  const ses = createSesClient();
  const senderAddress = requireEnv('SENDER_EMAIL');
  return {
    db: createDynamoClient(),
    send: (mail) => sendMail(ses, mail, senderAddress),
    siteUrl: requireEnv('SITE_URL').replace(/\/+$/, ''),
    policy: deliveryPolicyFromEnv(),
    deadLetter: deadLetterSinkFromEnv<Letter>(),
  };
};

/**
 * The mailer's dependencies from its environment, shared by its two triggers (the leads
 * stream for the first attempt, the scheduled sweep for retries).
 */
export const mailerDepsFromEnv = (): MailerDeps => {
  const { db, ...sender } = senderDepsFromEnv();
  return {
    ...sender,
    leads: { db, table: requireEnv('LEADS_TABLE') },
    subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
    notificationEmail: requireEnv('NOTIFICATION_EMAIL'),
    formMail: formMailBudgetFromEnv(),
  };
};
