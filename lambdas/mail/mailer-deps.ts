import { SESClient } from '@aws-sdk/client-ses';
import { createDynamoClient } from '../data/dynamo-client';
import { requireEnv } from '../runtime/env';
import { deadLetterSinkFromEnv } from './dead-letters';
import { deliveryPolicyFromEnv } from './delivery-policy';
import type { MailerDeps } from './deliver-lead-mail';
import { sendMail } from './send';

/**
 * The mailer's dependencies from its environment, shared by its two triggers (the leads
 * stream for the first attempt, the scheduled sweep for retries). SES gets one attempt per
 * call: it is not idempotent, and a retry after a timeout could send an email twice.
 */
export const createSesClient = () =>
  new SESClient({
    maxAttempts: 1,
    // A fresh connection per email: a kept-alive socket the other side has just closed fails
    // with ECONNRESET, which would make the email's outcome unknown (never resent).
    requestHandler: {
      connectionTimeout: 2000,
      requestTimeout: 15000,
      httpAgent: { keepAlive: false },
      httpsAgent: { keepAlive: false },
    },
  });

export const mailerDepsFromEnv = (): MailerDeps => {
  const db = createDynamoClient();
  const ses = createSesClient();
  const senderAddress = requireEnv('SENDER_EMAIL');
  return {
    leads: { db, table: requireEnv('LEADS_TABLE') },
    subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
    siteUrl: requireEnv('SITE_URL').replace(/\/+$/, ''),
    notificationEmail: requireEnv('NOTIFICATION_EMAIL'),
    send: (mail) => sendMail(ses, mail, senderAddress),
    policy: deliveryPolicyFromEnv(),
    deadLetter: deadLetterSinkFromEnv(),
  };
};
