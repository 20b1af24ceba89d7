/**
 * Leads as the form handlers store them (lambdas/domain/lead-request.ts), for the mailer's tests,
 * and the delivery policy of AWS written out for their arithmetic.
 */
import type { DeliveryPolicy } from '#lambdas/mail/delivery-policy.ts';
import { RETENTION_SECONDS } from '#shared/constants/limits.ts';
import { NOW } from '#test/support/payloads.ts';

/** deliveryPolicyFromEnv's defaults: the policy in AWS. */
export const POLICY: DeliveryPolicy = {
  firstRetrySeconds: 60,
  maxRetrySeconds: 3600,
  giveUpAfterSeconds: 26 * 3600,
  leaseSeconds: 180,
  settleSeconds: 900,
};

/** The leads' secret: with a lead's key it forms the link tokens of its emails. */
export const SECRET = 'SecretAbcdefghijklmnop';

/** What every lead carries when stored at NOW, mail owed and due at once. */
export const dueLead = (id: string) => ({
  id,
  kind: 'lead',
  secret: SECRET,
  createdAt: NOW,
  expiresAt: NOW + RETENTION_SECONDS,
  sesMessageIds: {},
  mailStatus: 'pending',
  mailQueue: 'due',
  nextAttemptAt: NOW,
  retryUntil: NOW + POLICY.giveUpAfterSeconds,
  mailAttempts: 0,
});

/** A sign-up on /candidate that asked for marketing email: owes the notification and the confirmation. */
export const dueSignupLead = (id: string, overrides: Record<string, unknown> = {}) => ({
  ...dueLead(id),
  type: 'signup',
  audience: 'candidate',
  email: 'jordan.lee@example.org',
  mailbox: 'jordan.lee@example.org',
  firstName: 'Jordan',
  lastName: 'Lee',
  jobTitle: '',
  organization: '',
  helpDescription: 'Looking for work.',
  consentRequest: { source: 'candidate-signup-form', text: 'I agree.' },
  mail: { notification: 'pending', confirmation: 'pending' },
  ...overrides,
});
