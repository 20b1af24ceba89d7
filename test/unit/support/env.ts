/**
 * Environment the handlers read at module scope. Import this first in a handler test, before
 * the handler module, exactly as Lambda sets it before loading the bundle.
 */
Object.assign(process.env, {
  AWS_REGION: 'ca-central-1',
  AWS_ACCESS_KEY_ID: 'unit',
  AWS_SECRET_ACCESS_KEY: 'unit',
  SUBSCRIBERS_TABLE: 'Subscribers-unit',
  LEADS_TABLE: 'Leads-unit',
  CAMPAIGNS_TABLE: 'Campaigns-unit',
  ANALYTICS_TABLE: 'Analytics-unit',
  SITE_URL: 'https://site.test/',
  SENDER_EMAIL: 'no-reply@chinooktalent.ca',
  MAILING_ADDRESS: 'Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3',
  NOTIFICATION_EMAIL: 'leads@chinooktalent.ca',
  SCORECARD_BUCKET: 'scorecard-bucket',
  SCORECARD_KEY: 'documents/hr-scorecard.pdf',
  MAIL_DEAD_LETTER_QUEUE_URL: 'https://sqs.ca-central-1.amazonaws.com/123456789012/mail-dead-letters',
});
delete process.env.AWS_ENDPOINT_URL_S3;
// The delivery policy's and the limits' defaults (lambdas/mail/delivery-policy.ts, shared/constants/limits.ts).
for (const name of [
  'MAIL_RETRY_FIRST_SECONDS',
  'MAIL_RETRY_MAX_SECONDS',
  'MAIL_GIVE_UP_AFTER_SECONDS',
  'MAIL_LEASE_SECONDS',
  'SUBMISSIONS_PER_CLIENT_PER_HOUR',
  'SUBMISSIONS_PER_NETWORK_PER_HOUR',
  'FORM_MAILS_PER_HOUR',
  'FORM_MAILS_WINDOW_SECONDS',
  'FORM_MAIL_HOLD_SECONDS',
]) {
  delete process.env[name];
}
