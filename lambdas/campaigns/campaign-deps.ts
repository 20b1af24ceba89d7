import { createDynamoClient } from '../data/dynamo-client';
import { deadLetterSinkFromEnv } from '../mail/dead-letters';
import { deliveryPolicyFromEnv } from '../mail/delivery-policy';
import { createSesClient } from '../mail/mailer-deps';
import { sendMail } from '../mail/send';
import { optionalNumberEnv, requireEnv } from '../runtime/env';
import type { CampaignDeadLetter, CampaignSenderDeps } from './send-to-recipient';

/**
 * The campaign sender's dependencies from its environment: the worker Lambda's in AWS, and the
 * operator command's locally (it sets the same variables, pointed at `npm start`'s stack), so
 * both send through the same code. SES with one attempt per call, as the mailer (not idempotent).
 */
export const campaignSenderDepsFromEnv = (): CampaignSenderDeps => {
  const db = createDynamoClient();
  const ses = createSesClient();
  const senderAddress = requireEnv('SENDER_EMAIL');
  return {
    subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
    campaigns: { db, table: requireEnv('CAMPAIGNS_TABLE') },
    siteUrl: requireEnv('SITE_URL').replace(/\/+$/, ''),
    send: (mail) => sendMail(ses, mail, senderAddress),
    policy: deliveryPolicyFromEnv(),
    deadLetter: deadLetterSinkFromEnv<CampaignDeadLetter>(),
  };
};

/**
 * SES's maximum send rate for this sender, emails per second (the account's quota; 14 for a
 * new production account).
 */
export const sendRateFromEnv = (): number => optionalNumberEnv('CAMPAIGN_SEND_RATE', 14);
