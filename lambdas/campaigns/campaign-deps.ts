import { senderDepsFromEnv } from '../mail/mailer-deps';
import { senderIdentification } from '../mail/sender-identification';
import { optionalNumberEnv, requireEnv } from '../runtime/env';
import type { CampaignDeadLetter, CampaignSenderDeps } from './send-to-recipient';

/**
 * The campaign sender's dependencies from its environment: the worker Lambda's in AWS, and the
 * operator command's locally (it sets the same variables, pointed at `npm start`'s stack), so
 * both send through the same code. SES, the site and the delivery policy as the mailer's.
 */
export const campaignSenderDepsFromEnv = (): CampaignSenderDeps => {
  // Read at cold start: rendered after the claim, a missing address would leave each email in doubt.
  senderIdentification();
  const { db, ...sender } = senderDepsFromEnv<CampaignDeadLetter>();
  return {
    ...sender,
    subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
    campaigns: { db, table: requireEnv('CAMPAIGNS_TABLE') },
  };
};

/**
 * SES's maximum send rate for this sender, emails per second (the account's quota; 14 for a
 * new production account).
 */
export const sendRateFromEnv = (): number => optionalNumberEnv('CAMPAIGN_SEND_RATE', 14);
