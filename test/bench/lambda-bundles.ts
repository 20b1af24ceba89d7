/**
 * Bundle benchmark: builds every Lambda entry exactly as deployed (LAMBDA_BUNDLING), then
 * measures size, gzip size, and how long a fresh Node process takes to load the bundle
 * compared with an empty Node start (cold-start proxy). Run: `npx tsx test/bench/lambda-bundles.ts`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { LAMBDA_BUNDLING, LAMBDA_ENTRIES, type LambdaName } from '../../infra/lambda/bundling';

const ROOT = path.resolve(__dirname, '..', '..');

/** API handler bundles must stay at or under this (250 KiB, minified, SDK included). */
export const API_BUNDLE_BUDGET_BYTES = 250 * 1024;
/** Loading a handler in a fresh process may take at most this multiple of an empty start. */
export const LOAD_RATIO_BUDGET = 1.5;
/** Stream/SNS consumers, not behind API Gateway: no size budget, but they are reported. */
export const NON_API_HANDLERS: readonly LambdaName[] = ['mailer', 'sesFeedback'];

export interface BundleMeasurement {
  name: LambdaName;
  bytes: number;
  gzipBytes: number;
  /** Median wall time of `node bundle.mjs` (import only, handler not invoked). */
  loadMs: number;
  /** Median wall time of `node -e 0`, measured interleaved with the loads. */
  emptyNodeMs: number;
  ratio: number;
  bundlesSesClient: boolean;
}

export interface BuiltBundle {
  name: LambdaName;
  file: string;
  code: Uint8Array;
  bundlesSesClient: boolean;
}

/** Environment a handler needs to load (it reads its variables at module scope). */
const HANDLER_ENV = {
  AWS_REGION: 'ca-central-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  SUBSCRIBERS_TABLE: 'Subscribers',
  LEADS_TABLE: 'Leads',
  SITE_URL: 'https://example.ca',
  SENDER_EMAIL: 'no-reply@example.ca',
  NOTIFICATION_EMAIL: 'leads@example.ca',
  SCORECARD_BUCKET: 'scorecard-bucket',
  SCORECARD_KEY: 'scorecard/hr-scorecard.pdf',
  ORIGIN_VERIFY_SECRET_ARN: 'arn:aws:secretsmanager:ca-central-1:111111111111:secret:OriginVerify-AbCdEf',
};

/** Builds each entry with the deployed options into `outDir` (one `.mjs` per handler). */
export const buildLambdaBundles = async (outDir: string, names = Object.keys(LAMBDA_ENTRIES) as LambdaName[]) => {
  const bundles: BuiltBundle[] = [];
  for (const name of names) {
    const file = path.join(outDir, `${name}.mjs`);
    const result = await build({
      entryPoints: [path.join(ROOT, LAMBDA_ENTRIES[name])],
      bundle: true,
      write: true,
      outfile: file,
      metafile: true,
      logLevel: 'silent',
      platform: LAMBDA_BUNDLING.platform,
      target: LAMBDA_BUNDLING.target,
      format: LAMBDA_BUNDLING.format,
      minify: LAMBDA_BUNDLING.minify,
      sourcemap: LAMBDA_BUNDLING.sourcemap,
      mainFields: LAMBDA_BUNDLING.mainFields,
      banner: { js: LAMBDA_BUNDLING.banner },
      alias: LAMBDA_BUNDLING.alias,
      external: LAMBDA_BUNDLING.externalModules,
    });
    const inputs = Object.keys(result.metafile.inputs);
    bundles.push({
      name,
      file,
      code: readFileSync(file),
      bundlesSesClient: inputs.some((input) => input.includes('node_modules/@aws-sdk/client-ses/')),
    });
  }
  return bundles;
};

const timeMs = (args: string[], env: NodeJS.ProcessEnv): number => {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${run.stderr.toString()}`);
  return elapsed;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Builds all handlers and measures them. Loads are interleaved with empty starts so both
 * see the same machine load; medians of `runs` each.
 */
export const measureLambdaBundles = async (runs = 15): Promise<BundleMeasurement[]> => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'lambda-bundles-'));
  try {
    const bundles = await buildLambdaBundles(outDir);
    const env = { ...process.env, ...HANDLER_ENV, NODE_OPTIONS: '' };
    const emptyRuns: number[] = [];
    const loadRuns = new Map<LambdaName, number[]>(bundles.map((bundle) => [bundle.name, []]));
    timeMs(['-e', '0'], env); // warm the file cache before measuring
    for (let run = 0; run < runs; run += 1) {
      for (const bundle of bundles) {
        emptyRuns.push(timeMs(['-e', '0'], env));
        loadRuns.get(bundle.name)!.push(timeMs([bundle.file], env));
      }
    }
    const emptyNodeMs = median(emptyRuns);
    return bundles.map((bundle) => {
      const loadMs = median(loadRuns.get(bundle.name)!);
      return {
        name: bundle.name,
        bytes: bundle.code.byteLength,
        gzipBytes: gzipSync(bundle.code).byteLength,
        loadMs: Math.round(loadMs * 10) / 10,
        emptyNodeMs: Math.round(emptyNodeMs * 10) / 10,
        ratio: Math.round((loadMs / emptyNodeMs) * 100) / 100,
        bundlesSesClient: bundle.bundlesSesClient,
      };
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
};

const printTable = (rows: BundleMeasurement[]) => {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(`node ${process.version}; API size budget ${kb(API_BUNDLE_BUDGET_BYTES)}, load budget ${LOAD_RATIO_BUDGET}x empty start`);
  console.table(
    rows.map((row) => ({
      handler: row.name,
      size: kb(row.bytes),
      gzip: kb(row.gzipBytes),
      'load ms': row.loadMs,
      'empty node ms': row.emptyNodeMs,
      ratio: row.ratio,
      'SES client': row.bundlesSesClient ? 'yes' : 'no',
    })),
  );
};

if (require.main === module) {
  const runs = Number(process.argv[2] ?? 15);
  measureLambdaBundles(runs)
    .then(printTable)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
