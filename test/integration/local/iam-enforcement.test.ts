/**
 * The twin's IAM enforcement is real, not a pass-through (docs/decisions/0041-iam-enforced-twin.md):
 * four flows run under the deployed app's roles, then with the one grant each needs taken out of
 * the synthesized template, and fail as AWS fails them, with the service's access-denied error,
 * nothing stored or mailed, and the missing statement logged. The functions run in this file
 * behind proxies of its own (in front of the suite's), whose roles the tests switch.
 */
// First: it gives this file a leads table of its own before the handlers load.
import { createOwnLeadsTable } from '#test/support/own-leads-table.ts';
import { createServer } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Context, SNSEvent } from 'aws-lambda';
import { startFaultProxy } from '#infra/local/faults/fault-proxy.ts';
import { FaultSwitch } from '#infra/local/faults/fault-switch.ts';
import { runAs } from '#infra/local/functions/iam/function-identity.ts';
import { createIamEnforcement, type IamEnforcement } from '#infra/local/functions/iam/iam-enforcement.ts';
import { localPublishedSite, LOCAL_PUBLISHER_TARGETS } from '#infra/local/site-and-edge/local-published-site.ts';
import { createLocalKeyValueStore } from '#infra/local/site-and-edge/local-key-value-store.ts';
import { createLocalSqs, localQueueUrl, LOCAL_SQS_PREFIX } from '#infra/local/queues-and-schedules/local-sqs.ts';
import type { LocalService } from '#infra/local/services.ts';
import { publishSite } from '#lambdas/publisher/publish-site.ts';
import { archiveSection } from '#lambdas/campaigns/archive/archive-section.ts';
import { enqueueRecipients } from '#lambdas/campaigns/enqueue.ts';
import { createDynamoClient } from '#lambdas/runtime/aws-clients/dynamodb.ts';
import { createSqsClient } from '#lambdas/runtime/aws-clients/sqs.ts';
import { asFunction, templateWithout } from '#test/support/twin-iam.ts';
import { invoke, signupEvent } from '#test/support/api-events.ts';
import { signupBody } from '#test/support/payloads.ts';
import { bounceNotification, snsEvent } from '#test/support/stream-records.ts';
import { capturedEmailsTo, leadsOf, readItem, tables, uniqueEmail } from '../support/local-aws';

const QUEUE = 'campaign-queue';
const denials: string[] = [];
const queued: string[] = [];
let sqsOrigin = '';
let enforcing: IamEnforcement;
let proxies: LocalService[] = [];
let sqsServer: ReturnType<typeof createServer>;
let handlers: {
  sesEvents: (event: SNSEvent, context: Context) => Promise<unknown>;
  signup: (...args: never[]) => unknown;
  mailSweep: (event: object, context: Context) => Promise<unknown>;
};

const env = () => ({ ...process.env, CAMPAIGN_QUEUE_URL: localQueueUrl(sqsOrigin, QUEUE) });
/** The roles as deployed, or with `action` taken from `name`'s role. */
const enforce = (without?: [Parameters<typeof templateWithout>[0], string]) => {
  enforcing = createIamEnforcement({
    env: env(),
    report: (line) => denials.push(line),
    ...(without && { template: templateWithout(...without) }),
  });
};

beforeAll(async () => {
  await createOwnLeadsTable();
  sqsServer = createServer(
    (req, res) =>
      void createLocalSqs(
        { [QUEUE]: (bodies) => queued.push(...bodies) },
        { guard: (service) => enforcing.guard(service) },
      )(req, res),
  );
  await new Promise<void>((resolve) => sqsServer.listen(0, '127.0.0.1', resolve));
  sqsOrigin = `http://127.0.0.1:${(sqsServer.address() as AddressInfo).port}`;
  const faults = new FaultSwitch();
  proxies = await Promise.all(
    (['dynamodb', 'ses'] as const).map((service) =>
      startFaultProxy({
        service,
        target: process.env[service === 'dynamodb' ? 'AWS_ENDPOINT_URL_DYNAMODB' : 'AWS_ENDPOINT_URL_SES']!,
        faults,
        guard: (incoming, body) => enforcing.guard(service)(incoming, body),
      }),
    ),
  );
  // The handlers read their endpoints when they load: these proxies', from here on.
  process.env.AWS_ENDPOINT_URL_DYNAMODB = proxies[0]!.endpoint;
  process.env.AWS_ENDPOINT_URL_SES = proxies[1]!.endpoint;
  process.env.AWS_ENDPOINT_URL_SQS = `${sqsOrigin}${LOCAL_SQS_PREFIX}`;
  handlers = {
    sesEvents: asFunction('sesEvents', (await import('#lambdas/handlers/ses-events.ts')).handler),
    signup: asFunction('signup', (await import('#lambdas/handlers/signup.ts')).handler),
    mailSweep: asFunction('mailSweep', (await import('#lambdas/handlers/mail-sweep.ts')).handler),
  };
});
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await new Promise((resolve) => sqsServer?.close(resolve));
});
beforeEach(() => {
  denials.length = 0;
  queued.length = 0;
});

const context = { getRemainingTimeInMillis: () => 60_000 } as unknown as Context;
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: Error) => error.name,
  );

describe("a hard bounce (sesEvents' PutItem of the suppression)", () => {
  const bounce = (email: string) => handlers.sesEvents(snsEvent(bounceNotification('Permanent', email)), context);

  it('suppresses the address under the deployed role', async () => {
    enforce();
    const email = uniqueEmail('iam-bounce');
    await bounce(email);
    expect(await readItem(tables.subscribers, `suppression#${email}`)).toMatchObject({ reason: 'bounce' });
    expect(denials).toEqual([]);
  });

  it('fails with AccessDeniedException and stores nothing without it', async () => {
    enforce(['sesEvents', 'dynamodb:PutItem']);
    const email = uniqueEmail('iam-bounce-denied');
    expect(await failureOf(bounce(email))).toBe('AccessDeniedException');
    expect(await readItem(tables.subscribers, `suppression#${email}`)).toBeUndefined();
    expect(denials).toEqual([
      expect.stringMatching(
        /^\[iam\] sesEvents denied dynamodb:PutItem on arn:aws:dynamodb:.*:table\/Subscribers with .*suppression#/,
      ),
    ]);
  });
});

describe("a lead's email (mailSweep's ses:SendRawEmail)", () => {
  it('is not sent when the sweep may not send, and the lead still owes it', async () => {
    enforce(['mailSweep', 'ses:SendRawEmail']);
    const email = uniqueEmail('iam-mail');
    await invoke(handlers.signup, signupEvent(signupBody({ email, audience: 'candidate' })));
    await handlers.mailSweep({}, context);
    const [lead] = await leadsOf(email);
    expect(lead!.mail).not.toMatchObject({ confirmation: 'sent' });
    expect(await capturedEmailsTo(email)).toEqual([]);
    expect(denials[0]).toMatch(
      /^\[iam\] mailSweep denied ses:SendRawEmail on arn:aws:ses:ca-central-1:000000000000:identity\//,
    );

    // Refused, not lost: the lead still owes the email, for the sweep's next attempt.
    expect((await readItem(tables.leads, lead!.id))!.mailQueue).toBe('due');
  });
});

describe("the newsletter archive (the publisher's s3:PutObject)", () => {
  const campaigns = { db: createDynamoClient(), table: process.env.CAMPAIGNS_TABLE! };
  const publish = async () =>
    runAs('sitePublisher', async () =>
      publishSite(
        campaigns,
        localPublishedSite(
          await mkdtemp(path.join(tmpdir(), 'iam-archive-')),
          () => undefined,
          createLocalKeyValueStore(),
          enforcing,
        ),
        [archiveSection(campaigns, 'https://site.test')],
        { now: Math.floor(Date.now() / 1000), rewriteAll: true },
      ),
    );

  it('is written under the deployed role, and refused with AccessDenied without it', async () => {
    enforce();
    expect((await publish()).written.length).toBeGreaterThan(0);
    enforce(['sitePublisher', 's3:PutObject']);
    expect(await failureOf(publish())).toBe('AccessDenied');
    expect(denials[0]).toContain(`s3:PutObject on arn:aws:s3:::${LOCAL_PUBLISHER_TARGETS.SITE_BUCKET}/newsletter`);
  });
});

describe("a console send's recipients (the campaign worker's SendMessageBatch on the campaign queue)", () => {
  const messages = Array.from({ length: 12 }, (_, index) => ({ campaign: 'iam-check', subscriberId: `s${index}` }));
  const enqueue = () =>
    runAs('campaignWorker', () => enqueueRecipients(createSqsClient(), localQueueUrl(sqsOrigin, QUEUE), messages));

  it('reach the queue under the deployed role', async () => {
    enforce();
    await enqueue();
    expect(queued).toHaveLength(12);
    expect(denials).toEqual([]);
  });

  it('are refused with AccessDenied, none queued, without sqs:SendMessage', async () => {
    enforce(['campaignWorker', 'sqs:SendMessage']);
    expect(await failureOf(enqueue())).toBe('AccessDenied');
    expect(queued).toEqual([]);
    expect(denials[0]).toMatch(
      /^\[iam\] campaignWorker denied sqs:SendMessage on arn:aws:sqs:ca-central-1:000000000000:campaign-queue/,
    );
  });
});
