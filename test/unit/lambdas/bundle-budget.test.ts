/**
 * Size budget of the deployed bundles (DESIGN §9: sizes may be tests, timings may not).
 * Builds every handler with the deployed esbuild options; see test/bench/lambda-bundles.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LAMBDA_ENTRIES, type LambdaName } from '../../../infra/lambda/bundling';
import { API_BUNDLE_BUDGET_BYTES, NON_API_HANDLERS, buildLambdaBundles, type BuiltBundle } from '../../bench/lambda-bundles';

jest.setTimeout(60_000);

let outDir: string;
let bundles: BuiltBundle[];

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'bundle-budget-'));
  bundles = await buildLambdaBundles(outDir);
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const apiHandlers = (Object.keys(LAMBDA_ENTRIES) as LambdaName[]).filter((name) => !NON_API_HANDLERS.includes(name));

describe('Lambda bundles', () => {
  it.each(apiHandlers)('%s stays within 250 KiB minified, AWS SDK included', (name) => {
    const bundle = bundles.find((built) => built.name === name)!;
    expect(bundle.code.byteLength).toBeLessThanOrEqual(API_BUNDLE_BUDGET_BYTES);
  });

  it('bundles the SES client only into the mailer', () => {
    expect(bundles.filter((bundle) => bundle.bundlesSesClient).map((bundle) => bundle.name)).toEqual(['mailer']);
  });

  it('bundles no S3 client (downloads are presigned with SigV4 directly)', () => {
    const withS3 = bundles.filter((bundle) => Buffer.from(bundle.code).includes('GetObjectCommand'));
    expect(withS3).toEqual([]);
  });
});
