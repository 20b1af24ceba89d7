/**
 * Least privilege, both ways (issue 30): every function's role allows what its deployed code can
 * call, and nothing more.
 *
 * - What the code can call: each catalogue function (FUNCTIONS) is built as it is deployed, by
 *   the bundle benchmark's builder (test/bench/lambda-bundles.ts, the options of
 *   infra/cdk/constructs/lambda-build.ts), and the AWS SDK command modules with bytes in any of its
 *   files (entry and chunks) are its calls, mapped to IAM actions by iamActionsOf
 *   (infra/local/functions/iam/operation-actions.ts: SendMessageBatch is sqs:SendMessage). Each function is
 *   built on its own: in one build of all entries esbuild keeps a command a shared module imports
 *   in the chunk of every function that imports that module, whether or not it calls it.
 * - What the role allows: the statements of the role whose description ends with `(<name>)` in
 *   the synthesised template, as (action, resource) pairs.
 * - Actions: an action the code can call that the role lacks fails, naming the function, the
 *   action and the files that send it; a granted action no code calls fails unless the Lambda
 *   service uses it with the role (read from the template: the function's dead-letter queue, its
 *   event source mapping and that mapping's on-failure destination) or ALLOWANCES say why.
 * - Resources, for SQS queues and DynamoDB tables: an action allowed on one queue says nothing of
 *   another. The campaign worker sends SendMessageBatch to the campaign queue while its role
 *   allowed sqs:SendMessage on its dead-letter queue only: right action, wrong queue. So the
 *   resources a function's code addresses are read from the template too: the queues and tables
 *   its environment variables name (CAMPAIGN_QUEUE_URL: {Ref: the queue}) among the variables its
 *   code reads (`requireEnv('CAMPAIGN_QUEUE_URL')`). Every SQS or DynamoDB action the code can call
 *   must be allowed on every queue or table of that service the code addresses (a Query on one of
 *   the table's indexes), unless NOT_SENT_TO says why the code never sends it there; and an action
 *   allowed on a queue or table the code does not address, or that NOT_SENT_TO excludes, is
 *   unused. Which call goes to which table is not in the bundle, so this errs on the side of
 *   asking: a pair the code does not use must be written down with its reason, where a reviewer
 *   reads it. The local stack's enforcement checks each call's own resource at run time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FUNCTIONS, type FunctionName } from '#infra/cdk/constructs/functions.ts';
import { buildLambdaBundles, type BuiltBundle } from '../bench/lambda-bundles';
import { synthStack } from './support/app';
import {
  codeActionsOf,
  compareGrants,
  envNamesReadBy,
  templateFactsOf,
  type Allowances,
  type FunctionFacts,
} from './support/least-privilege';

jest.setTimeout(120_000);

/** Beyond the code's own calls, each with its reason. */
const ALLOWANCES: Allowances = {
  anyFunction: {
    'logs:CreateLogStream':
      "The Lambda runtime writes the function's logs to its own log group (HouseFunction grants that group only).",
    'logs:PutLogEvents':
      "The Lambda runtime writes the function's logs to its own log group (HouseFunction grants that group only).",
  },
  byFunction: [
    {
      fn: 'downloadScorecard',
      action: 's3:GetObject',
      why: "It signs a short-lived URL with its own credentials (lambdas/runtime/presign-get.ts, no SDK command); S3 authorizes the visitor's GET of the document as the function's role.",
    },
  ],
  neverSent: {
    'dynamodb:DescribeEndpoints':
      "The DynamoDB client bundles endpoint discovery's command, but discovery is off and aliased to a stub (lambdas/runtime/no-endpoint-discovery.ts): it is never sent.",
    's3:CreateSession':
      "The S3 client bundles S3 Express One Zone's session command, sent only for directory buckets (`--x-s3` names); the site bucket is a general purpose bucket.",
  },
  notSentTo: [
    {
      fn: 'campaignWorker',
      action: 'sqs:ChangeMessageVisibility',
      envName: 'MAIL_DEAD_LETTER_QUEUE_URL',
      why: 'It hands back only messages it received, from the campaign queue (lambdas/handlers/campaign-worker.ts); the dead-letter queue only receives its dead letters.',
    },
  ],
};

let bundles: BuiltBundle[];
let outDir: string;
let resources: Record<string, { Type: string; Properties?: Record<string, any> }>;
let startedAt: number;

beforeAll(async () => {
  startedAt = Date.now();
  outDir = mkdtempSync(path.join(tmpdir(), 'least-privilege-'));
  const { template } = synthStack();
  resources = template().toJSON().Resources;
  bundles = await buildLambdaBundles(outDir);
});
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  console.log(`least privilege: built and compared ${bundles?.length} functions in ${Date.now() - startedAt} ms`);
});

const factsOf = (name: FunctionName): FunctionFacts => {
  const bundle = bundles.find((built) => built.name === name)!;
  const { grants, environment, serviceUses } = templateFactsOf(resources, name);
  const read = envNamesReadBy(
    bundle.deployedInputs,
    environment.map((entry) => entry.envName),
  );
  return {
    name,
    codeActions: codeActionsOf(bundle.deployedInputs),
    addressed: environment.filter((entry) => read.includes(entry.envName)),
    grants,
    serviceUses,
  };
};

describe('least privilege of every function', () => {
  it.each(Object.keys(FUNCTIONS) as FunctionName[])('%s: its role allows what its code calls, and no more', (name) => {
    expect(compareGrants(factsOf(name), ALLOWANCES)).toEqual([]);
  });

  it('names no function that is not in the catalogue', () => {
    const names = Object.keys(FUNCTIONS);
    expect(ALLOWANCES.notSentTo.filter((entry) => !names.includes(entry.fn))).toEqual([]);
  });
});

describe('the comparison', () => {
  /** A function shaped like the campaign worker before issue 30, cut down. */
  const worker = (grants: FunctionFacts['grants']): FunctionFacts => ({
    name: 'worker',
    codeActions: new Map([
      ['sqs:SendMessage', ['lambdas/campaigns/enqueue.ts', 'lambdas/mail/dead-letters.ts']],
      ['dynamodb:UpdateItem', ['lambdas/data/items.ts']],
      ['dynamodb:DescribeEndpoints', []],
    ]),
    addressed: [
      { envName: 'CAMPAIGN_QUEUE_URL', service: 'sqs', resource: 'Queue' },
      { envName: 'MAIL_DEAD_LETTER_QUEUE_URL', service: 'sqs', resource: 'DeadLetters' },
      { envName: 'CAMPAIGNS_TABLE', service: 'dynamodb', resource: 'Table' },
    ],
    grants,
    serviceUses: [{ action: 'sqs:ReceiveMessage', resource: 'Queue', why: 'its event source mapping' }],
  });
  const sound = [
    { action: 'logs:PutLogEvents', resource: 'Logs' },
    { action: 'sqs:SendMessage', resource: 'Queue' },
    { action: 'sqs:SendMessage', resource: 'DeadLetters' },
    { action: 'sqs:ReceiveMessage', resource: 'Queue' },
    { action: 'dynamodb:UpdateItem', resource: 'Table' },
  ];
  const allowances = { ...ALLOWANCES, notSentTo: [] };

  it('accepts exactly what the code calls, the service uses and the allowances name', () => {
    expect(compareGrants(worker(sound), allowances)).toEqual([]);
  });

  it('fails on a missing grant: the right action on the wrong queue', () => {
    const grants = sound.filter((grant) => !(grant.action === 'sqs:SendMessage' && grant.resource === 'Queue'));
    expect(compareGrants(worker(grants), allowances)).toEqual([
      'worker: missing grant: its code can call sqs:SendMessage (sent from lambdas/campaigns/enqueue.ts, lambdas/mail/dead-letters.ts) on Queue (CAMPAIGN_QUEUE_URL), its role allows it only on DeadLetters',
      'worker: missing grant: its code addresses Queue (CAMPAIGN_QUEUE_URL), its role allows none of its sqs actions there',
    ]);
  });

  it('fails on a missing action', () => {
    const grants = sound.filter((grant) => grant.action !== 'dynamodb:UpdateItem');
    expect(compareGrants(worker(grants), allowances)).toEqual([
      'worker: missing grant: its code can call dynamodb:UpdateItem (sent from lambdas/data/items.ts), its role does not allow it',
      'worker: missing grant: its code addresses Table (CAMPAIGNS_TABLE), its role allows none of its dynamodb actions there',
    ]);
  });

  it('fails on an unused grant: an action no code calls, and one on a table the code does not address', () => {
    const grants = [
      ...sound,
      { action: 'dynamodb:Query', resource: 'Table' },
      { action: 'dynamodb:UpdateItem', resource: 'OtherTable' },
      { action: 'sqs:GetQueueUrl', resource: 'Queue' },
    ];
    expect(compareGrants(worker(grants), allowances)).toEqual([
      'worker: unused grant: its role allows dynamodb:Query on Table, which no code path calls',
      'worker: unused grant: its role allows dynamodb:UpdateItem on OtherTable, a resource its code does not send dynamodb:UpdateItem to',
      'worker: unused grant: its role allows sqs:GetQueueUrl on Queue, which no code path calls',
    ]);
  });

  it('holds an exclusion to its word: granted anyway is unused, and one that no longer applies is stale', () => {
    const notSentTo = [
      { fn: 'worker', action: 'sqs:SendMessage', envName: 'MAIL_DEAD_LETTER_QUEUE_URL', why: 'test' },
      { fn: 'worker', action: 'sqs:ChangeMessageVisibility', envName: 'CAMPAIGN_QUEUE_URL', why: 'test' },
    ];
    expect(compareGrants(worker(sound), { ...allowances, notSentTo })).toEqual([
      'worker: unused grant: its role allows sqs:SendMessage on DeadLetters, which the code never sends there (an exclusion says so)',
      'worker: stale exclusion: sqs:ChangeMessageVisibility on CAMPAIGN_QUEUE_URL: the code no longer calls it or addresses that resource',
    ]);
  });

  it("finds the campaign worker's missing queue grant in the real template when it is taken away", () => {
    const facts = factsOf('campaignWorker');
    const queue = facts.addressed.find((entry) => entry.envName === 'CAMPAIGN_QUEUE_URL')!.resource;
    const grants = facts.grants.filter((grant) => !(grant.action === 'sqs:SendMessage' && grant.resource === queue));
    expect(compareGrants({ ...facts, grants }, ALLOWANCES)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^campaignWorker: missing grant: its code can call sqs:SendMessage \\(sent from [^)]*lambdas/campaigns/enqueue\\.ts[^)]*\\) on ${queue} \\(CAMPAIGN_QUEUE_URL\\)`,
        ),
      ),
    ]);
  });

  it("finds the SES events function's missing suppression grant in the real template when it is taken away", () => {
    const facts = factsOf('sesEvents');
    const grants = facts.grants.filter((grant) => grant.action !== 'dynamodb:PutItem');
    expect(compareGrants({ ...facts, grants }, ALLOWANCES)).toEqual([
      'sesEvents: missing grant: its code can call dynamodb:PutItem (sent from lambdas/data/items.ts), its role does not allow it',
    ]);
  });
});
