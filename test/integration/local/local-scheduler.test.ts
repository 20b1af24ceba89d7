/**
 * The twin's EventBridge Scheduler and SQS, as the console's send starter uses them in AWS
 * (lambdas/campaigns/launch-starter.ts): a send later is a one-time schedule the console creates
 * with its own role (the schedule, and iam:PassRole of the target's role to Scheduler), fired on
 * the clock into the campaign queue and gone after, kept across a restart, taken back on cancel;
 * a send now goes straight to the queue. Without the PassRole grant the schedule is refused with
 * AccessDeniedException and nothing is kept (docs/decisions/0041-iam-enforced-twin.md).
 */
import { CreateScheduleCommand } from '@aws-sdk/client-scheduler';
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { currentFunction, runAs, labelOutgoingCalls } from '#infra/local/functions/iam/function-identity.ts';
import { createIamEnforcement, type IamEnforcement } from '#infra/local/functions/iam/iam-enforcement.ts';
import { functionArn, queueArn, roleArn } from '#infra/local/functions/iam/local-arns.ts';
import {
  createLocalScheduler,
  LOCAL_SCHEDULER_PREFIX,
  startFunctionTargets,
  type LocalScheduler,
} from '#infra/local/queues-and-schedules/local-scheduler.ts';
import { createLocalSqs, localQueueUrl, LOCAL_SQS_PREFIX } from '#infra/local/queues-and-schedules/local-sqs.ts';
import { campaignMessageBody, type LaunchMessage } from '#lambdas/campaigns/campaign-message.ts';
import { awsLaunchStarter } from '#lambdas/campaigns/launch-starter.ts';
import { createSchedulerClient } from '#lambdas/runtime/aws-clients/scheduler.ts';
import { createSqsClient } from '#lambdas/runtime/aws-clients/sqs.ts';
import { templateWithout } from '#test/support/twin-iam.ts';

const GROUP = 'campaign-launches';
const QUEUE = 'campaign-queue';
const HOUR = 3600;
const file = path.join(mkdtempSync(path.join(tmpdir(), 'scheduler-')), 'schedules.json');
const queued: string[] = [];
const denials: string[] = [];
let origin = '';
let server: Server;
let scheduler: LocalScheduler;
let iam: IamEnforcement;

const env = () => ({
  ...process.env,
  CAMPAIGN_SCHEDULE_GROUP: GROUP,
  CAMPAIGN_SCHEDULER_ROLE_ARN: roleArn('campaign-scheduler'),
  CAMPAIGN_QUEUE_URL: localQueueUrl(origin, QUEUE),
  CAMPAIGN_QUEUE_ARN: queueArn(QUEUE),
});
const enforce = (template?: ReturnType<typeof templateWithout>) => {
  iam = createIamEnforcement({ env: env(), report: (line) => denials.push(line), ...(template && { template }) });
  scheduler = createLocalScheduler(file, { guard: (service) => iam.guard(service) });
};
const starter = () =>
  awsLaunchStarter({
    scheduler: createSchedulerClient({ endpoint: `${origin}${LOCAL_SCHEDULER_PREFIX}` }),
    sqs: createSqsClient({ endpoint: `${origin}${LOCAL_SQS_PREFIX}` }),
    group: GROUP,
    roleArn: roleArn('campaign-scheduler'),
    queueArn: queueArn(QUEUE),
    queueUrl: localQueueUrl(origin, QUEUE),
  });
const asConsole = <T>(work: () => Promise<T>) => runAs('consoleCampaigns', work);
const launch = (id: string): LaunchMessage => ({ campaign: 'scheduled-check', launch: true, launchId: id });

beforeAll(async () => {
  labelOutgoingCalls();
  const sqs = createLocalSqs(
    { [QUEUE]: (bodies) => queued.push(...bodies) },
    { guard: (service) => (incoming, body) => iam.guard(service)(incoming, body) },
  );
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    void (url.pathname.startsWith(LOCAL_SQS_PREFIX) ? sqs(req, res) : scheduler.handle(req, res, url));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  queued.length = 0;
  denials.length = 0;
});

it('a send later is a schedule that fires once at its time with the launch message, survives a restart, and is gone after', async () => {
  // Prepare
  enforce();
  const now = Math.floor(Date.now() / 1000);

  // Act
  await asConsole(() => starter().start(launch('later-1'), now + HOUR, now));

  // Assess
  expect(queued).toEqual([]);
  expect(scheduler.takeDue(now + HOUR - 1, 'sqs')).toEqual([]);
  enforce(); // a restart of the twin: the schedule is read back from its file
  expect(scheduler.takeDue(now + HOUR, 'sqs')).toEqual([
    expect.objectContaining({
      group: GROUP,
      target: { arn: queueArn(QUEUE), input: campaignMessageBody(launch('later-1')) },
    }),
  ]);
  expect(scheduler.count()).toBe(0);
  expect(denials).toEqual([]);
});

it('a cancelled send later leaves no schedule, and cancelling again is no error', async () => {
  enforce();
  const now = Math.floor(Date.now() / 1000);
  await asConsole(() => starter().start(launch('later-2'), now + HOUR, now));
  await asConsole(() => starter().cancel(launch('later-2')));
  await asConsole(() => starter().cancel(launch('later-2')));
  expect(scheduler.takeDue(now + 2 * HOUR, 'sqs')).toEqual([]);
});

it('a send now goes straight to the campaign queue', async () => {
  enforce();
  const now = Math.floor(Date.now() / 1000);
  await asConsole(() => starter().start(launch('now-1'), now, now));
  expect(queued).toEqual([campaignMessageBody(launch('now-1'))]);
  expect(scheduler.count()).toBe(0);
});

it('without iam:PassRole the schedule is refused with AccessDeniedException and nothing is kept', async () => {
  enforce(templateWithout('consoleCampaigns', 'iam:PassRole'));
  const now = Math.floor(Date.now() / 1000);
  const failure = await asConsole(() => starter().start(launch('later-3'), now + HOUR, now)).then(
    () => 'started',
    (error: Error) => error.name,
  );
  expect(failure).toBe('AccessDeniedException');
  expect(scheduler.count()).toBe(0);
  expect(denials).toEqual([
    expect.stringMatching(
      /^\[iam\] consoleCampaigns denied iam:PassRole on arn:aws:iam::000000000000:role\/campaign-scheduler with .*scheduler\.amazonaws\.com/,
    ),
  ]);
});

it("a post's schedule fires the site publisher with its input at its time, as itself, and never the campaign queue", async () => {
  // Prepare: a schedule whose target is the publisher, as the console's post schedule makes it
  enforce();
  const now = Math.floor(Date.now() / 1000);
  const input = JSON.stringify({ postId: 'AbCdEfGhIjKlMnOpQrStUv', token: 'schedule-token' });
  await createSchedulerClient({ endpoint: `${origin}${LOCAL_SCHEDULER_PREFIX}` }).send(
    new CreateScheduleCommand({
      Name: 'post-publish-check',
      GroupName: 'post-publishes',
      ScheduleExpression: `at(${new Date((now + HOUR) * 1000).toISOString().slice(0, 19)})`,
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: { Arn: functionArn('sitePublisher'), RoleArn: roleArn('post-scheduler'), Input: input },
    }),
  );
  const fired: { event: unknown; as: string | undefined }[] = [];
  let clock = now + HOUR - 1;
  const targets = startFunctionTargets(
    scheduler,
    { sitePublisher: async (event) => void fired.push({ event, as: currentFunction() }) },
    { clock: () => clock, intervalMs: 60_000 },
  );

  // Act
  await targets.tick();
  const early = [...fired];
  expect(scheduler.takeDue(now + HOUR, 'sqs')).toEqual([]);
  clock = now + HOUR;
  await targets.tick();
  await targets.tick();
  await targets.stop();

  // Assess
  expect(early).toEqual([]);
  expect(fired).toEqual([{ event: JSON.parse(input), as: 'sitePublisher' }]);
  expect(scheduler.count()).toBe(0);
});
