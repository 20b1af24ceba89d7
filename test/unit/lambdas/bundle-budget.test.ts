/**
 * Size budget of the deployed bundles (sizes may be tests, timings may not), and what a cold
 * start reads. Builds every handler with the deployed esbuild options; see test/bench/lambda-bundles.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FUNCTIONS, type FunctionName } from '#infra/cdk/constructs/functions.ts';
import {
  API_BUNDLE_BUDGET_BYTES,
  NON_API_HANDLERS,
  buildLambdaBundles,
  type BuiltBundle,
} from '../../bench/lambda-bundles';

jest.setTimeout(60_000);

let outDir: string;
let bundles: BuiltBundle[];

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'bundle-budget-'));
  bundles = await buildLambdaBundles(outDir);
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The mailer's two triggers (leads stream, scheduled sweep) and the campaign worker: the functions that send visitors email. */
const MAIL_SENDERS: readonly FunctionName[] = ['mailer', 'mailSweep', 'campaignWorker'];
/** The console's sign-in: it emails an owner their enrolment link, and carries the passkey library. */
const SIGN_IN: FunctionName = 'consoleAuth';
/** The console's screens but the campaigns: they send no email. */
const SCREENS: FunctionName = 'consoleApi';
/** The console's campaigns: they email the signed-in owner a test copy, and render campaigns. */
const CAMPAIGNS: FunctionName = 'consoleCampaigns';
const CONSOLE: readonly FunctionName[] = [SIGN_IN, SCREENS, CAMPAIGNS];
/** Not behind API Gateway: the mail senders and the SES feedback consumer (no size budget; reported by the bench). */
const NOT_API: readonly FunctionName[] = [...new Set([...NON_API_HANDLERS, ...MAIL_SENDERS, 'sesEvents' as const])];
const behindApi = (Object.keys(FUNCTIONS) as FunctionName[]).filter((name) => !NOT_API.includes(name));
/** The public API's handlers: every function behind API Gateway but the console's. */
const apiHandlers = behindApi.filter((name) => !CONSOLE.includes(name));
const bundleOf = (name: FunctionName) => bundles.find((built) => built.name === name)!;
const includes = (name: FunctionName, text: string) => Buffer.from(bundleOf(name).code).includes(text);
/** Whether a package is in the function's deployed files, and whether its cold start reads it. */
const reach = (name: FunctionName, packagePath: string) => ({
  deployed: bundleOf(name).deployedInputs.some((input) => input.includes(packagePath)),
  readAtStart: bundleOf(name).startInputs.some((input) => input.includes(packagePath)),
});

describe('Lambda bundles', () => {
  it('builds every entry, the new confirmation, sweep and origin-verify functions included', () => {
    expect(bundles.map((bundle) => bundle.name)).toEqual(
      expect.arrayContaining(['confirmSubscription', 'mailSweep', 'originVerify', SCREENS, CAMPAIGNS, ...apiHandlers]),
    );
  });

  it.each(behindApi)('a cold start of %s reads at most 250 KiB, minified, AWS SDK included', (name) => {
    expect(bundleOf(name).startBytes).toBeLessThanOrEqual(API_BUNDLE_BUDGET_BYTES);
  });

  // The console's functions mostly answer reads: what only some routes need is a chunk read at
  // their first use (docs/decisions/0030, amendment of 2026-11-27). One static import anywhere in
  // a function would put it back into every cold start.
  const readAtFirstUse: [FunctionName, string][] = [
    [SIGN_IN, 'node_modules/@simplewebauthn/server/'],
    [CAMPAIGNS, 'node_modules/marked/'],
    [CAMPAIGNS, 'node_modules/gray-matter/'],
    [CAMPAIGNS, 'node_modules/js-yaml/'],
    ...CONSOLE.map((name): [FunctionName, string] => [name, 'node_modules/yup/']),
  ];
  it.each(readAtFirstUse)('%s deploys %s but reads it only at its first use', (name, packagePath) => {
    expect(reach(name, packagePath)).toEqual({ deployed: true, readAtStart: false });
  });

  it("starts the console's functions with the DynamoDB client alone; SES, the scheduler, the queue and Lambda come with the routes that call them", () => {
    expect(CONSOLE.map((name) => bundleOf(name).startSdkClients)).toEqual(CONSOLE.map(() => ['client-dynamodb']));
    expect(bundleOf(SIGN_IN).sdkClients).toEqual(['client-dynamodb', 'client-ses']);
  });

  it('reads yup at the start of the public handlers that check a body on every request', () => {
    expect(apiHandlers.filter((name) => reach(name, 'node_modules/yup/').readAtStart).sort()).toEqual(
      ['putSubscriber', 'requestScorecard', 'signup'].sort(),
    );
  });

  it("bundles the SES client only into the mailers and the console's sign-in and campaigns (links, test copies)", () => {
    expect(
      bundles
        .filter((bundle) => bundle.bundlesSesClient)
        .map((bundle) => bundle.name)
        .sort(),
    ).toEqual([...MAIL_SENDERS, SIGN_IN, CAMPAIGNS].sort());
  });

  it("bundles only the DynamoDB client into the console's other screens; DynamoDB, SES, and the scheduler and queue that start sends into the campaigns", () => {
    expect(bundleOf(CAMPAIGNS).sdkClients).toEqual([
      'client-dynamodb',
      'client-lambda',
      'client-scheduler',
      'client-ses',
      'client-sqs',
    ]);
    expect(bundleOf(SCREENS).sdkClients).toEqual(['client-dynamodb']);
  });

  it.each(apiHandlers)('%s carries no SES or SQS client (API handlers but the console never send mail)', (name) => {
    expect(bundleOf(name).bundlesSesClient).toBe(false);
    expect(includes(name, 'SendRawEmail')).toBe(false);
    expect(includes(name, 'SendMessageCommand')).toBe(false);
  });

  it('the bench reports every mail sender among the handlers without a size budget', () => {
    expect(NON_API_HANDLERS).toEqual(expect.arrayContaining([...MAIL_SENDERS, 'sesEvents']));
  });

  it('imports node:stream/web (aliased to a stand-in that only answers instanceof) from @middy/core alone', () => {
    const importers = new Set(bundles.flatMap((bundle) => bundle.webStreamsImporters));
    expect([...importers]).toEqual(['node_modules/@middy/core/index.js']);
    expect(bundles.filter((bundle) => includes(bundle.name, 'node:stream/web'))).toEqual([]);
  });

  it("bundles the S3 client only in the site's publisher and the Posts screen, which read the render kit (downloads are presigned with SigV4 directly)", () => {
    const withS3 = bundles.filter((bundle) => Buffer.from(bundle.code).includes('GetObjectCommand'));
    expect(withS3.map((bundle) => bundle.name).sort()).toEqual(['consolePosts', 'sitePublisher']);
  });
});
