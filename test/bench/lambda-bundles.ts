/**
 * Bundle benchmark: builds every Lambda entry exactly as deployed (lambda-build.ts), then
 * measures size, gzip size, and how long a fresh Node process takes to load the bundle (a
 * cold-start proxy) against the floor we cannot go below with the SDK we must use: a bundle
 * built the same way that only constructs the DynamoDB client (lambda-floor/). Our own code may
 * add at most 10 % over that floor. A handler that must also talk to SES, SQS or Secrets Manager
 * at its start is judged against its own SDK floor: a bundle that only constructs the clients its
 * start loads (a client reached only by `await import()` is in a file of its own, read when a
 * route first needs it); its ratio to the DynamoDB-only floor is reported beside it.
 * Run: `npx tsx test/bench/lambda-bundles.ts [runs] [function names…]` (all functions by default).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { FUNCTIONS, type FunctionName } from '#infra/cdk/constructs/functions.ts';
import { REPO_ROOT } from '#shared/repo-root.ts';
import {
  LAMBDA_ENTRY_FILE,
  lambdaBuildOptions,
  lambdaBuildOptionsForSource,
} from '#infra/cdk/constructs/lambda-build.ts';

/**
 * What a cold start of an API handler reads (its entry file and the chunks that imports
 * statically, minified, SDK included) must stay at or under this (250 KiB). Chunks read at a
 * route's first `await import()` are deployed too, and reported, but no cold start reads them.
 */
export const API_BUNDLE_BUDGET_BYTES = 250 * 1024;

/** A function's start budget: the API's, or none (functions not behind the API, NON_API_HANDLERS). */
export const bundleBudgetOf = (name: FunctionName): number | undefined =>
  NON_API_HANDLERS.includes(name) ? undefined : API_BUNDLE_BUDGET_BYTES;

/** Loading an API handler in a fresh process may take at most this multiple of its SDK floor's load (issue 17). */
const LOAD_RATIO_BUDGET = 1.1;
/**
 * A function's load budget: API handlers'; none for the functions no request waits on
 * (NON_API_HANDLERS: a stream, a queue, SNS, an asynchronous invocation), which are reported.
 */
export const loadBudgetOf = (name: FunctionName): number | undefined =>
  NON_API_HANDLERS.includes(name) ? undefined : LOAD_RATIO_BUDGET;
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
  'sitePublisher',
  // The hourly roll-up of the site's visits (a schedule).
  'siteRollup',
];

export interface BundleMeasurement {
  name: FunctionName;
  /** Every file of the function (what is deployed). */
  bytes: number;
  gzipBytes: number;
  /** The files a cold start reads: the entry and the chunks it imports statically. */
  startBytes: number;
  /** Median wall time of `node bundle.mjs` (import only, handler not invoked). */
  loadMs: number;
  /** Median wall time of loading this handler's SDK floor bundle, measured interleaved with its loads. */
  floorMs: number;
  /** The AWS SDK clients the handler's start loads, which its floor constructs (and nothing else). */
  startSdkClients: string[];
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
  /** The file Lambda loads (the handler's). */
  file: string;
  /** Every output file, one after the other: what is deployed, for sizes and searches. */
  code: Uint8Array;
  /** Bytes of the files a cold start reads: the entry file and the chunks it imports statically. */
  startBytes: number;
  bundlesSesClient: boolean;
  /** The AWS SDK client packages in the bundle, e.g. `client-dynamodb`. */
  sdkClients: string[];
  /** Those of them a cold start loads (the others are in chunks read at a route's first `await import()`). */
  startSdkClients: string[];
  /** The files whose code is deployed (in any output file). */
  deployedInputs: string[];
  /** The files whose code a cold start reads (in the entry file and the chunks it imports statically). */
  startInputs: string[];
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
  ANALYTICS_TABLE: 'Analytics',
  POSTS_TABLE: 'Posts',
  POST_UPLOAD_URL: 'https://site-bucket.s3.ca-central-1.amazonaws.com/',
  POST_SCHEDULE_GROUP: 'PostSchedules',
  POST_SCHEDULER_ROLE_ARN: 'arn:aws:iam::111111111111:role/PostScheduler',
  SITE_PUBLISHER_ARN: 'arn:aws:lambda:ca-central-1:111111111111:function:sitePublisher',
  CONSOLE_OWNERS: 'owner@example.ca',
  MAILING_ADDRESS: 'Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3',
  SITE_PUBLISHER_FUNCTION: 'sitePublisher',
  SITE_BUCKET: 'site-bucket',
  SITE_DISTRIBUTION_ID: 'E2EXAMPLE',
  SITE_ROUTES_STORE_ARN: 'arn:aws:cloudfront::111111111111:key-value-store/0a1b2c3d-4e5f-6789-abcd-ef0123456789',
};

const sdkClientsIn = (inputs: Iterable<string>) =>
  [
    ...new Set([...inputs].flatMap((input) => /node_modules\/@aws-sdk\/(client-[a-z0-9-]+)\//.exec(input)?.[1] ?? [])),
  ].sort();

/**
 * Builds one entry (relative to the repository, or a source text) as it is deployed into its own
 * directory: the entry's file, what is deployed, and what a cold start reads.
 */
const bundleEntry = async (entry: string | { source: string }, outDir: string) => {
  mkdirSync(outDir, { recursive: true });
  const options =
    typeof entry === 'string'
      ? lambdaBuildOptions(path.join(REPO_ROOT, entry), outDir)
      : lambdaBuildOptionsForSource(entry.source, REPO_ROOT, outDir);
  const { metafile } = await build({ ...options, logLevel: 'silent' });
  const outputs = Object.entries(metafile!.outputs).map(([file, output]) => ({
    file: path.resolve(REPO_ROOT, file),
    output,
  }));
  // A chunk reached by `await import()` has an entryPoint too: the function's is the one named so.
  const entryFile = path.join(outDir, typeof entry === 'string' ? LAMBDA_ENTRY_FILE : 'stdin.mjs');
  // The start reads the entry and, transitively, the chunks it imports statically.
  const started = new Set<string>();
  const visit = (file: string) => {
    if (started.has(file)) return;
    started.add(file);
    const { output } = outputs.find((candidate) => candidate.file === file)!;
    for (const imported of output.imports) {
      if (imported.kind === 'import-statement' && !imported.external) visit(path.resolve(REPO_ROOT, imported.path));
    }
  };
  visit(entryFile);
  const startOutputs = outputs.filter(({ file }) => started.has(file));
  return {
    entryFile,
    code: Buffer.concat(outputs.map(({ file }) => readFileSync(file))),
    startBytes: startOutputs.reduce((sum, { output }) => sum + output.bytes, 0),
    // The files whose code is in an output: esbuild's inputs also list files it tree-shook away.
    deployedInputs: [...new Set(outputs.flatMap(({ output }) => Object.keys(output.inputs)))],
    startInputs: startOutputs.flatMap(({ output }) => Object.keys(output.inputs)),
    inputs: metafile!.inputs,
  };
};

/** Builds each entry with the deployed options into `outDir` (a directory per handler). */
export const buildLambdaBundles = async (outDir: string, names = Object.keys(FUNCTIONS) as FunctionName[]) => {
  const bundles: BuiltBundle[] = [];
  for (const name of names) {
    const built = await bundleEntry(FUNCTIONS[name].entry, path.join(outDir, name));
    const inputs = built.deployedInputs;
    const sdkClients = sdkClientsIn(inputs);
    bundles.push({
      name,
      file: built.entryFile,
      code: built.code,
      startBytes: built.startBytes,
      sdkClients,
      bundlesSesClient: sdkClients.includes('client-ses'),
      startSdkClients: sdkClientsIn(built.startInputs),
      deployedInputs: built.deployedInputs,
      startInputs: built.startInputs,
      webStreamsImporters: inputs.filter((input) =>
        built.inputs[input]!.imports.some((imported) => imported.original === 'node:stream/web'),
      ),
      inputs: built.inputs,
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
  return (await bundleEntry({ source }, path.join(outDir, `floor-${clients.join('+')}`))).entryFile;
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
    const dynamoFloor = (await bundleEntry(SDK_FLOOR_ENTRY, path.join(outDir, 'sdk-floor'))).entryFile;
    const floors = new Map<string, string>();
    for (const { startSdkClients } of bundles) {
      const key = startSdkClients.join('+');
      if (!floors.has(key)) {
        const onlyDynamo = key === 'client-dynamodb';
        floors.set(key, onlyDynamo ? dynamoFloor : await buildSdkFloor(outDir, startSdkClients));
      }
    }
    const floorOf = (bundle: BuiltBundle) => floors.get(bundle.startSdkClients.join('+'))!;
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
        startBytes: bundle.startBytes,
        loadMs: round1(loadMs),
        floorMs: round1(floorMs),
        startSdkClients: bundle.startSdkClients,
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
    `node ${process.version}; size and load budgets per function (SDK floor: the SDK clients the handler's start loads, constructed and nothing else)`,
  );
  console.table(
    rows.map((row) => ({
      handler: row.name,
      size: kb(row.bytes),
      gzip: kb(row.gzipBytes),
      'read at start': kb(row.startBytes),
      'load ms': row.loadMs,
      'SDK clients at start': row.startSdkClients.join(' '),
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
