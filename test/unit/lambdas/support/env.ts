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
  SITE_URL: 'https://site.test/',
  SENDER_EMAIL: 'no-reply@chinooktalent.ca',
  NOTIFICATION_EMAIL: 'leads@chinooktalent.ca',
  SCORECARD_BUCKET: 'scorecard-bucket',
  SCORECARD_KEY: 'documents/hr-scorecard.pdf',
});
delete process.env.AWS_ENDPOINT_URL_S3;
