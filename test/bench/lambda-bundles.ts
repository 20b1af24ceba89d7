/**
 * Bundle benchmark: builds every Lambda entry exactly as deployed (LAMBDA_BUNDLING), then
 * measures size, gzip size, and how long a fresh Node process takes to load the bundle (a
 * cold-start proxy) against the floor we cannot go below with the SDK we must use: a bundle
 * built the same way that only constructs the DynamoDB client (lambda-floor/). Our own code may
 * add at most 10 % over that floor. A handler that must also talk to SES, SQS or Secrets Manager
 * is judged against its own SDK floor: a bundle that only constructs the same clients it
 * bundles; its ratio to the DynamoDB-only floor is reported beside it.
 * Run: `npx tsx test/bench/lambda-bundles.ts [runs] [function names…]` (all functions by default).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { FUNCTIONS, LAMBDA_BUNDLING, type FunctionName } from '#infra/constructs/functions.ts';

const ROOT = path.resolve(__dirname, '..', '..');

/** API handler bundles must stay at or under this (250 KiB, minified, SDK included). */
export const API_BUNDLE_BUDGET_BYTES = 250 * 1024;
/**
 * The console's sign-in alone carries @simplewebauthn/server, whose registration verification
 * brings every attestation format's X.509 and ASN.1 code (about 300 KiB) even though the console
 * asks for none: it has a budget of its own. Three owners use it, no visitor ever loads it, and a
 * sign-in is a click away from a passkey prompt that takes seconds anyway.
 */
export const SIGN_IN_BUNDLE_BUDGET_BYTES = 640 * 1024;

/**
 * The console's screens validate their bodies on the server with the shared yup schemas (about
 * 36 KiB minified): 275 KiB measured with the leads, people, subscribers and audit screens. Only
 * the owners load it. The campaigns screen is a function of its own (CAMPAIGNS_BUNDLE_BUDGET_BYTES)
 * so that this one carries neither the campaign renderer nor the SES client.
 */
export const CONSOLE_API_BUNDLE_BUDGET_BYTES = 280 * 1024;
/**
 * The console's campaigns screen (consoleCampaigns) renders campaigns as they are sent (marked,
 * about 50 KiB; the front matter reader with js-yaml and gray-matter, about 46 KiB), validates
 * with yup (36 KiB) and emails the owner's test copy (the SES client, about 24 KiB, and some 15 KiB
 * more of the SDK's core and XML code): 405 KiB measured (esbuild metafile). Starting sends adds
 * the EventBridge Scheduler and SQS clients: 409.4 KiB → 465.8 KiB measured (+56.4 KiB, 2026-11-26).
 * The newsletter page switch asks for a publisher run with the Lambda client: 478,310 → 553,463 B
 * (+75,153 B; gzip 151,656 → 169,998 B), measured 2026-11-28 with the deployed options.
 * Only the owners load it, a few times a day.
 */
export const CAMPAIGNS_BUNDLE_BUDGET_BYTES = 545 * 1024;

/** Each console function's own size budget, by function (the API's 250 KiB is for every other). */
const CONSOLE_BUDGETS: Partial<Record<FunctionName, number>> = {
  consoleAuth: SIGN_IN_BUNDLE_BUDGET_BYTES,
  consoleApi: CONSOLE_API_BUNDLE_BUDGET_BYTES,
  consoleCampaigns: CAMPAIGNS_BUNDLE_BUDGET_BYTES,
};

/** A function's size budget: the API's, a console function's own, or none (functions not behind the API). */
export const bundleBudgetOf = (name: FunctionName): number | undefined => {
  if (NON_API_HANDLERS.includes(name)) return undefined;
  return CONSOLE_BUDGETS[name] ?? API_BUNDLE_BUDGET_BYTES;
};
/** Loading an API handler in a fresh process may take at most this multiple of its SDK floor's load (issue 17). */
const LOAD_RATIO_BUDGET = 1.1;
/**
 * The console's sign-in function carries the WebAuthn library (about 320 KiB, see
 * SIGN_IN_BUNDLE_BUDGET_BYTES) in its one file: NodejsFunction bundles one output file per function.
 * The library is evaluated only by a ceremony (lambdas/console/sign-in-ceremonies.ts), but V8 still
 * pre-parses its code at load: about 10 ms measured (an in-process import of the function's
 * bundle, median of 15: 55–59 ms, and 44–47 ms with the library stubbed out). Measured 1.22× its
 * SDK floor over 60 runs, 1.24–1.32× over 20–30; the budget is above that spread. Its callers are
 * the three owners opening the console.
 */
const SIGN_IN_LOAD_RATIO_BUDGET = 1.3;
/** The functions with a load budget of their own, as CONSOLE_BUDGETS for sizes. */
const OWN_LOAD_BUDGETS: Partial<Record<FunctionName, number>> = { consoleAuth: SIGN_IN_LOAD_RATIO_BUDGET };

/**
 * A function's load budget: API handlers' (or its own); none for the functions no request waits
 * on (NON_API_HANDLERS: a stream, a queue, SNS, an asynchronous invocation), which are reported.
 */
export const loadBudgetOf = (name: FunctionName): number | undefined => {
  if (NON_API_HANDLERS.includes(name)) return undefined;
  return OWN_LOAD_BUDGETS[name] ?? LOAD_RATIO_BUDGET;
};
/** The floor: only `new DynamoDBClient({})`, bundled like a handler. */
export const SDK_FLOOR_ENTRY = 'test/bench/lambda-floor/dynamodb-client-only.ts';
/** The client class each AWS SDK package a handler may bundle exports (for its own SDK floor). */
const SDK_CLIENTS: Record<string, string> = {
  'client-dynamodb': 'DynamoDBClient',
  'client-ses': 'SESClient',
  'client-sqs': 'SQSClient',
  'client-secrets-manager': 'SecretsManagerClient',
  'client-scheduler': 'SchedulerClient',
  'client-lambda': 'LambdaClient',
  'client-s3': 'S3Client',
  'client-cloudfront': 'CloudFrontClient',
  'client-cloudfront-keyvaluestore': 'CloudFrontKeyValueStoreClient',
};
/**
 * Not behind API Gateway: the mail senders, which bundle the SES client (the mailer on the leads
 * stream, its scheduled sweep, the campaign worker on its SQS queue), and the SES feedback
 * consumer (SNS), and the newsletter archive's publisher (invoked asynchronously). No request
 * waits on their start: no size or load budget, but they are reported.
 */
export const NON_API_HANDLERS: readonly FunctionName[] = [
  'mailer',
  'mailSweep',
  'campaignWorker',
  'sesEvents',
  'newsletterPublisher',
];

export interface BundleMeasurement {
  name: FunctionName;
  bytes: number;
  gzipBytes: number;
  /** Median wall time of `node bundle.mjs` (import only, handler not invoked). */
  loadMs: number;
  /** Median wall time of loading this handler's SDK floor bundle, measured interleaved with its loads. */
  floorMs: number;
  /** The AWS SDK clients the handler bundles, which its floor constructs (and nothing else). */
  sdkClients: string[];
  /** Median wall time of loading the DynamoDB-only floor, measured interleaved with the loads. */
  dynamoFloorMs: number;
  /** loadMs / dynamoFloorMs (equal to ratio for a handler that needs only DynamoDB). */
  dynamoRatio: number;
  /** Median wall time of `node -e 0`, measured interleaved with the loads (for reference). */
  emptyNodeMs: number;
  /** loadMs / floorMs (its own SDK floor): the budget is loadBudgetOf(name). */
  ratio: number;
  /** loadMs / emptyNodeMs. */
  emptyRatio: number;
  bundlesSesClient: boolean;
}

export interface BuiltBundle {
  name: FunctionName;
  file: string;
  code: Uint8Array;
  bundlesSesClient: boolean;
  /** The AWS SDK client packages in the bundle, e.g. `client-dynamodb`. */
  sdkClients: string[];
  /** The bundled files that import `node:stream/web` (aliased to lambdas/runtime/lazy-web-streams.ts). */
  webStreamsImporters: string[];
  /** esbuild's metafile inputs: each bundled file and its imports, with their kinds. */
  inputs: Metafile['inputs'];
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
  MAIL_DEAD_LETTER_QUEUE_URL: 'https://sqs.ca-central-1.amazonaws.com/111111111111/MailDeadLetters',
  CAMPAIGNS_TABLE: 'Campaigns',
  CAMPAIGN_QUEUE_URL: 'https://sqs.ca-central-1.amazonaws.com/111111111111/Campaigns',
  CONSOLE_TABLE: 'Console',
  CONSOLE_OWNERS: 'owner@example.ca',
  MAILING_ADDRESS: 'Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3',
  NEWSLETTER_PUBLISHER_FUNCTION: 'newsletterPublisher',
  SITE_BUCKET: 'site-bucket',
  SITE_DISTRIBUTION_ID: 'E2EXAMPLE',
  ARCHIVE_ISSUES_STORE_ARN: 'arn:aws:cloudfront::111111111111:key-value-store/0a1b2c3d-4e5f-6789-abcd-ef0123456789',
};

/** Builds one entry (relative to the repository, or a source text) with the deployed options; returns the metafile's inputs. */
const bundleEntry = async (entry: string | { source: string }, file: string) => {
  const result = await build({
    // A generated floor is bundled from memory, its imports resolved from the repository.
    ...(typeof entry === 'string'
      ? { entryPoints: [path.join(ROOT, entry)] }
      : { stdin: { contents: entry.source, resolveDir: ROOT, loader: 'ts' as const } }),
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
  return result.metafile.inputs;
};

/** Builds each entry with the deployed options into `outDir` (one `.mjs` per handler). */
export const buildLambdaBundles = async (outDir: string, names = Object.keys(FUNCTIONS) as FunctionName[]) => {
  const bundles: BuiltBundle[] = [];
  for (const name of names) {
    const file = path.join(outDir, `${name}.mjs`);
    const metafileInputs = await bundleEntry(FUNCTIONS[name].entry, file);
    const inputs = Object.keys(metafileInputs);
    bundles.push({
      name,
      file,
      code: readFileSync(file),
      bundlesSesClient: inputs.some((input) => input.includes('node_modules/@aws-sdk/client-ses/')),
      sdkClients: [
        ...new Set(inputs.flatMap((input) => /node_modules\/@aws-sdk\/(client-[a-z0-9-]+)\//.exec(input)?.[1] ?? [])),
      ].sort(),
      webStreamsImporters: inputs.filter((input) =>
        metafileInputs[input]!.imports.some((imported) => imported.original === 'node:stream/web'),
      ),
      inputs: metafileInputs,
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

/** Bundles a floor that only constructs these SDK clients; returns the bundle's path. */
const buildSdkFloor = async (outDir: string, clients: string[]) => {
  const source = clients
    .map((client) => {
      const className = SDK_CLIENTS[client];
      if (!className) throw new Error(`No SDK floor for @aws-sdk/${client}: add its client class to SDK_CLIENTS`);
      return `import { ${className} } from '@aws-sdk/${client}';\nexport const ${className}_ = new ${className}({});\n`;
    })
    .join('');
  const file = path.join(outDir, `floor-${clients.join('+')}.mjs`);
  await bundleEntry({ source }, file);
  return file;
};

/**
 * Builds all handlers and their SDK floors and measures them. Each handler's load is
 * interleaved with a load of its own floor, of the DynamoDB-only floor and an empty start, so
 * all see the same machine load; medians of `runs` each.
 */
export const measureLambdaBundles = async (
  runs = 15,
  names = Object.keys(FUNCTIONS) as FunctionName[],
): Promise<BundleMeasurement[]> => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'lambda-bundles-'));
  try {
    const bundles = await buildLambdaBundles(outDir, names);
    const dynamoFloor = path.join(outDir, 'sdk-floor.mjs');
    await bundleEntry(SDK_FLOOR_ENTRY, dynamoFloor);
    const floors = new Map<string, string>();
    for (const { sdkClients } of bundles) {
      const key = sdkClients.join('+');
      if (!floors.has(key)) {
        const onlyDynamo = key === 'client-dynamodb';
        floors.set(key, onlyDynamo ? dynamoFloor : await buildSdkFloor(outDir, sdkClients));
      }
    }
    const floorOf = (bundle: BuiltBundle) => floors.get(bundle.sdkClients.join('+'))!;
    const env = { ...process.env, ...HANDLER_ENV, NODE_OPTIONS: '' };
    const emptyRuns: number[] = [];
    const dynamoFloorRuns: number[] = [];
    const runsOf = () => new Map<FunctionName, number[]>(bundles.map((bundle) => [bundle.name, []]));
    const loadRuns = runsOf();
    const floorRuns = runsOf();
    // Warm the file cache before measuring.
    timeMs(['-e', '0'], env);
    for (const file of [dynamoFloor, ...floors.values()]) timeMs([file], env);
    for (const bundle of bundles) timeMs([bundle.file], env);
    for (let run = 0; run < runs; run += 1) {
      for (const bundle of bundles) {
        emptyRuns.push(timeMs(['-e', '0'], env));
        dynamoFloorRuns.push(timeMs([dynamoFloor], env));
        // A handler needing only DynamoDB has the DynamoDB floor as its own: timed once, above.
        if (floorOf(bundle) !== dynamoFloor) floorRuns.get(bundle.name)!.push(timeMs([floorOf(bundle)], env));
        loadRuns.get(bundle.name)!.push(timeMs([bundle.file], env));
      }
    }
    const emptyNodeMs = median(emptyRuns);
    const dynamoFloorMs = median(dynamoFloorRuns);
    const round1 = (ms: number) => Math.round(ms * 10) / 10;
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    return bundles.map((bundle) => {
      const loadMs = median(loadRuns.get(bundle.name)!);
      const floorMs = floorOf(bundle) === dynamoFloor ? dynamoFloorMs : median(floorRuns.get(bundle.name)!);
      return {
        name: bundle.name,
        bytes: bundle.code.byteLength,
        gzipBytes: gzipSync(bundle.code).byteLength,
        loadMs: round1(loadMs),
        floorMs: round1(floorMs),
        sdkClients: bundle.sdkClients,
        dynamoFloorMs: round1(dynamoFloorMs),
        dynamoRatio: ratio(loadMs, dynamoFloorMs),
        emptyNodeMs: round1(emptyNodeMs),
        ratio: ratio(loadMs, floorMs),
        emptyRatio: ratio(loadMs, emptyNodeMs),
        bundlesSesClient: bundle.bundlesSesClient,
      };
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
};

const printTable = (rows: BundleMeasurement[]) => {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `node ${process.version}; size and load budgets per function (SDK floor: the SDK clients the handler bundles, constructed and nothing else)`,
  );
  console.table(
    rows.map((row) => ({
      handler: row.name,
      size: kb(row.bytes),
      gzip: kb(row.gzipBytes),
      'load ms': row.loadMs,
      'SDK clients': row.sdkClients.join(' '),
      'SDK floor ms': row.floorMs,
      'vs floor': row.ratio,
      'load budget': loadBudgetOf(row.name) ?? '-',
      'vs DynamoDB floor': row.dynamoRatio,
      'empty node ms': row.emptyNodeMs,
      'vs empty': row.emptyRatio,
      'SES client': row.bundlesSesClient ? 'yes' : 'no',
    })),
  );
};

if (require.main === module) {
  const [runsArgument = '15', ...names] = process.argv.slice(2);
  const runs = Number(runsArgument);
  const unknown = names.filter((name) => !(name in FUNCTIONS));
  if (!Number.isInteger(runs) || runs < 1 || unknown.length > 0) {
    console.error(
      `Usage: npx tsx test/bench/lambda-bundles.ts [runs] [function …]; runs a whole number above 0, functions among ${Object.keys(FUNCTIONS).join(', ')}` +
        (unknown.length > 0 ? ` (not functions: ${unknown.join(', ')})` : ''),
    );
    process.exit(2);
  }
  measureLambdaBundles(runs, names.length > 0 ? (names as FunctionName[]) : undefined)
    .then(printTable)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
