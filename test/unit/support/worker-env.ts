/**
 * The campaign worker's environment, set before its module loads (it reads it at module scope,
 * as in Lambda): the unit environment plus the queue it hands refused recipients back to and the
 * newsletter archive's publisher it asks for a run.
 */
import '#test/unit/support/env.ts';

export const CAMPAIGN_QUEUE_URL = 'https://sqs.ca-central-1.amazonaws.com/123456789012/campaigns';
process.env.CAMPAIGN_QUEUE_URL = CAMPAIGN_QUEUE_URL;
process.env.SITE_PUBLISHER_FUNCTION = 'sitePublisher';
for (const name of ['CAMPAIGN_SEND_RATE', 'CAMPAIGN_WORKERS']) delete process.env[name];
