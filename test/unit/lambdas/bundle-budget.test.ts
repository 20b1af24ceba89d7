/**
 * Size budget of the deployed bundles (sizes may be tests, timings may not).
 * Builds every handler with the deployed esbuild options; see test/bench/lambda-bundles.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FUNCTIONS, type FunctionName } from '#infra/constructs/functions.ts';
import {
  API_BUNDLE_BUDGET_BYTES,
  CAMPAIGNS_BUNDLE_BUDGET_BYTES,
  CONSOLE_API_BUNDLE_BUDGET_BYTES,
  NON_API_HANDLERS,
  SIGN_IN_BUNDLE_BUDGET_BYTES,
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
/** The console's sign-in: it emails an owner their enrolment link, and carries the passkey library (own budget). */
const SIGN_IN: FunctionName = 'consoleAuth';
/** The console's screens but the campaigns: they send no email (own budget, for their yup validation). */
const SCREENS: FunctionName = 'consoleApi';
/** The console's campaigns: they email the signed-in owner a test copy, and render campaigns (own budget). */
const CAMPAIGNS: FunctionName = 'consoleCampaigns';
/** Not behind API Gateway: the mail senders and the SES feedback consumer (no size budget; reported by the bench). */
const NOT_API: readonly FunctionName[] = [...new Set([...NON_API_HANDLERS, ...MAIL_SENDERS, 'sesEvents' as const])];
const apiHandlers = (Object.keys(FUNCTIONS) as FunctionName[]).filter(
  (name) => !NOT_API.includes(name) && name !== SIGN_IN && name !== SCREENS && name !== CAMPAIGNS,
);
const bundleOf = (name: FunctionName) => bundles.find((built) => built.name === name)!;
/** How the function's own code reaches a package (`import-statement`, `dynamic-import`, …), by the metafile. */
const importKindsInto = (name: FunctionName, packagePath: string) => [
  ...new Set(
    Object.entries(bundleOf(name).inputs)
      .filter(([file]) => !file.includes(packagePath))
      .flatMap(([, input]) => input.imports.filter((imported) => imported.path.includes(packagePath)))
      .map((imported) => imported.kind),
  ),
];
const includes = (name: FunctionName, text: string) => Buffer.from(bundleOf(name).code).includes(text);

describe('Lambda bundles', () => {
  it('builds every entry, the new confirmation, sweep and origin-verify functions included', () => {
    expect(bundles.map((bundle) => bundle.name)).toEqual(
      expect.arrayContaining(['confirmSubscription', 'mailSweep', 'originVerify', SCREENS, CAMPAIGNS, ...apiHandlers]),
    );
  });

  it.each(apiHandlers)('%s stays within 250 KiB minified, AWS SDK included', (name) => {
    expect(bundleOf(name).code.byteLength).toBeLessThanOrEqual(API_BUNDLE_BUDGET_BYTES);
  });

  it(`keeps the console's screens within their own ${CONSOLE_API_BUNDLE_BUDGET_BYTES / 1024} KiB`, () => {
    expect(bundleOf(SCREENS).code.byteLength).toBeLessThanOrEqual(CONSOLE_API_BUNDLE_BUDGET_BYTES);
  });

  it(`keeps the console's campaigns within their own ${CAMPAIGNS_BUNDLE_BUDGET_BYTES / 1024} KiB`, () => {
    expect(bundleOf(CAMPAIGNS).code.byteLength).toBeLessThanOrEqual(CAMPAIGNS_BUNDLE_BUDGET_BYTES);
  });

  it(`keeps the console's sign-in within its own ${SIGN_IN_BUNDLE_BUDGET_BYTES / 1024} KiB`, () => {
    expect(bundleOf(SIGN_IN).code.byteLength).toBeLessThanOrEqual(SIGN_IN_BUNDLE_BUDGET_BYTES);
  });

  // Both are evaluated at their first use, not at every cold start (docs/decisions/0030, amendment
  // of 2026-11-27): one static import anywhere in the function would evaluate them at load again.
  it('reaches the WebAuthn library in the sign-in and marked in the campaigns only by dynamic import', () => {
    expect(importKindsInto(SIGN_IN, 'node_modules/@simplewebauthn/server/')).toEqual(['dynamic-import']);
    expect(importKindsInto(CAMPAIGNS, 'node_modules/marked/')).toEqual(['dynamic-import']);
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

  it('bundles the S3 client only in the newsletter publisher (downloads are presigned with SigV4 directly)', () => {
    const withS3 = bundles.filter((bundle) => Buffer.from(bundle.code).includes('GetObjectCommand'));
    expect(withS3.map((bundle) => bundle.name)).toEqual(['newsletterPublisher']);
  });
});
