/**
 * Starts dynalite and aws-ses-v2-local once for the integration project, on free ports, and
 * creates the tables. Test files (in worker processes) find them through process.env, the
 * same variables the Lambdas read in AWS and in `npm start`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCAL_CLOCK } from '#lambdas/campaigns/launch-starter.ts';
import { createTables, startDynalite, startSesLocal, type LocalService } from '#infra/local/services.ts';
import { startFaultProxy } from '#infra/local/faults/fault-proxy.ts';
import { FaultSwitch } from '#infra/local/faults/fault-switch.ts';
import { createIamEnforcement } from '#infra/local/functions/iam/iam-enforcement.ts';
import { LOCAL_PUBLISHER_TARGETS } from '#infra/local/site-and-edge/local-published-site.ts';

declare global {
  // Read by global-teardown.ts (same process as this setup).
  var __LOCAL_AWS__: LocalService[] | undefined;
}

export default async function globalSetup(): Promise<void> {
  const dynamo = await startDynalite();
  const ses = await startSesLocal();
  globalThis.__LOCAL_AWS__ = [dynamo, ses];
  const run = `it${process.pid}`;
  const tables = await createTables(dynamo.endpoint, (table) => `${table.logicalName}-${run}`);

  Object.assign(process.env, {
    AWS_REGION: 'ca-central-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_ENDPOINT_URL_SES: ses.endpoint,
    AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9/local-s3',
    // No publisher in these tests: a launch's archive request is refused and logged (launch-campaign.ts);
    // the newsletter archive's test starts the twin's Lambda endpoint of its own.
    AWS_ENDPOINT_URL_LAMBDA: 'http://127.0.0.1:9/local-lambda',
    SITE_PUBLISHER_FUNCTION: 'sitePublisher',
    SUBSCRIBERS_TABLE: tables.Subscribers,
    LEADS_TABLE: tables.Leads,
    CAMPAIGNS_TABLE: tables.Campaigns,
    CONSOLE_TABLE: tables.Console,
    POSTS_TABLE: tables.Posts,
    ANALYTICS_TABLE: tables.Analytics,
    CONSOLE_OWNERS: 'ann@chinooktalent.ca,bob@chinooktalent.ca',
    // The console's sends launch on the test's local campaign queue (infra/local/queues-and-schedules/campaign-queue.ts).
    CAMPAIGN_SCHEDULE_GROUP: LOCAL_CLOCK,
    // A post's scheduled publish is its post's time and token: a test fires it as Scheduler would.
    POST_SCHEDULE_GROUP: LOCAL_CLOCK,
    SITE_URL: 'https://site.test',
    SENDER_EMAIL: 'no-reply@chinooktalent.ca',
    MAILING_ADDRESS: 'Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3',
    NOTIFICATION_EMAIL: 'leads@chinooktalent.ca',
    SCORECARD_BUCKET: 'scorecard-bucket',
    SCORECARD_KEY: 'documents/hr-scorecard.pdf',
    // Every test file submits from the events' one source address; the per-client and per-network
    // limits have their own tests (network-flood.test.ts).
    SUBMISSIONS_PER_CLIENT_PER_HOUR: '100000',
    SUBMISSIONS_PER_NETWORK_PER_HOUR: '100000',
    MAIL_DEAD_LETTER_FILE: path.join(mkdtempSync(path.join(tmpdir(), 'dead-letters-')), 'mail-dead-letters.jsonl'),
    // The publisher's bucket, distribution and store, as the twin names them (local-published-site.ts).
    ...LOCAL_PUBLISHER_TARGETS,
  });

  // The functions the tests invoke (asFunction, test/support/twin-iam.ts) reach DynamoDB and SES
  // through proxies that hold each call to its function's role, as `npm start` does
  // (docs/decisions/0041-iam-enforced-twin.md); a test's own calls are not labelled and pass.
  const iam = createIamEnforcement();
  const faults = new FaultSwitch();
  const proxies = [
    await startFaultProxy({ service: 'dynamodb', target: dynamo.endpoint, faults, guard: iam.guard('dynamodb') }),
    await startFaultProxy({ service: 'ses', target: ses.endpoint, faults, guard: iam.guard('ses') }),
  ];
  globalThis.__LOCAL_AWS__ = [...proxies, dynamo, ses];
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: proxies[0]!.endpoint,
    AWS_ENDPOINT_URL_SES: proxies[1]!.endpoint,
  });
}
