import {
  AssetHashType,
  DockerImage,
  Duration,
  RemovalPolicy,
  Validations,
  type BundlingOptions,
  type ILocalBundling,
} from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { controlTowerRule } from '../compliance';
import { FUNCTIONS, sizingProblem, type FunctionName } from './functions';
import { LAMBDA_HANDLER, lambdaBuildOptions } from './lambda-build';
import { roleDescription } from './role-description';
import type { HandlerEnvName } from '#shared/env-names.ts';
import { REPO_ROOT } from '#shared/repo-root.ts';

/**
 * Node.js 24 is the newest Lambda runtime aws-cdk-lib knows, which is what cdk-nag's
 * latest-runtime rules (AwsSolutions-L1, Serverless-LambdaLatestVersion) require. The bundle
 * targets node24 (lambda-build.ts), and the tests, the local stack and the operator commands run
 * on Node 24 too (docs/decisions/0080-node-24-runtime.md).
 */
export const HOUSE_RUNTIME = lambda.Runtime.NODEJS_24_X;

/** A table together with the variable its name is passed in. */
export interface TableBinding {
  readonly table: ITable;
  readonly envName: Extract<
    HandlerEnvName,
    'SUBSCRIBERS_TABLE' | 'LEADS_TABLE' | 'CAMPAIGNS_TABLE' | 'CONSOLE_TABLE' | 'POSTS_TABLE' | 'ANALYTICS_TABLE'
  >;
}

/**
 * A DynamoDB action a handler may be granted on a table's items. Query is not one: every query
 * of ours reads an index, which IAM authorizes on the index's ARN (bindTable's `queryIndexes`).
 * No BatchGetItem, ConditionCheckItem or DescribeTable unless a handler calls them
 * (test/infra/least-privilege.test.ts fails on a grant no code path uses).
 */
export type TableAction = 'GetItem' | 'BatchGetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Scan';

/**
 * Shorthands for the usual sets of actions on a table, or a handler's own list of them:
 * - read:   look items up (GetItem) — GET handlers never change state;
 * - update: read, and change attributes of existing items (UpdateItem) — consent changes;
 * - create: read, create and change items, never remove them — new leads and limit counters,
 *           a new subscriber's mailbox claim and consent records (nothing of ours deletes: TTL does);
 * - insert: put new items (a conditional PutItem), nothing else — a resubscribe's confirmation lead;
 * - manage: create, and also delete items — the console's sessions and one-time challenges, which
 *           must end the moment they are used or signed out, not when TTL gets to them; the console's
 *           erasure's suppression and kept record, and its deletion of a person's subscriptions;
 * - edit:   update, and also delete items, never create one — the console's leads (an erasure), and
 *           the campaigns: an erasure removes a person's send records, an unsubscribe moves counters.
 */
export type TableAccess = 'read' | 'update' | 'create' | 'insert' | 'manage' | 'edit';

const TABLE_ACTIONS: Record<TableAccess, readonly TableAction[]> = {
  read: ['GetItem'],
  update: ['GetItem', 'UpdateItem'],
  create: ['GetItem', 'PutItem', 'UpdateItem'],
  insert: ['PutItem'],
  manage: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
  edit: ['GetItem', 'UpdateItem', 'DeleteItem'],
};

/** An SQS action a handler may be granted on a queue (SendMessageBatch is authorized as sqs:SendMessage). */
export type QueueAction = 'SendMessage' | 'ChangeMessageVisibility';

/** One private object a handler reads (the scorecard document), and where it is. */
export interface DocumentBinding {
  readonly bucket: IBucket;
  readonly key: string;
}

/** Something that can authorise sending mail as our sender (the email construct). */
export interface SenderBinding {
  readonly fromAddress: string;
  grantSendEmail(grantee: iam.IGrantable): iam.Grant;
}

export interface HouseFunctionProps {
  /** Which function of the catalogue (functions.ts) this is: its handler, description and sizing. */
  readonly name: FunctionName;
  /**
   * @default one year: handler logs are the audit trail of consent changes, sign-ups and mail
   * sent (Control Tower CT.CLOUDWATCH.PR.2 asks for a year); addresses in them are masked.
   */
  readonly logRetention?: logs.RetentionDays;
  /** Failed asynchronous invocations go here (only for functions invoked asynchronously). */
  readonly deadLetterQueue?: IQueue;
  /** At most this many runs at once (reserved concurrency); by default the account's pool. */
  readonly reservedConcurrentExecutions?: number;
}

/**
 * Exactly `actions` on the queue for `grantee`: CDK's grantSendMessages and grantConsumeMessages
 * add sqs:GetQueueAttributes and sqs:GetQueueUrl, which nothing of ours calls (the URL is passed
 * in). The queues use SQS-managed encryption: no key to grant.
 */
export function grantQueue(queue: IQueue, grantee: iam.IGrantable, actions: readonly string[]): iam.Grant {
  return iam.Grant.addToPrincipal({
    grantee,
    actions: actions.map((action) => (action.startsWith('sqs:') ? action : `sqs:${action}`)),
    resourceArns: [queue.queueArn],
  });
}

/**
 * A handler module bundled by esbuild on this machine (lambda-build.ts), as NodejsFunction would,
 * but code-split: NodejsFunction writes one output file (`--outfile`), which esbuild's splitting
 * cannot use. Docker is never started: local bundling always runs, and a failed build throws.
 * `entry` is a field, not only inside `tryBundle`: CDK caches staged assets by the JSON of their
 * bundling options, in which a function is nothing, so without it every function would get the
 * first one's code.
 */
class LambdaBundling implements BundlingOptions {
  readonly image = DockerImage.fromRegistry('local-bundling-only');
  readonly local: ILocalBundling;

  constructor(readonly entry: string) {
    this.local = {
      tryBundle: (outputDir) => {
        buildSync(lambdaBuildOptions(entry, outputDir));
        return true;
      },
    };
  }
}

/**
 * The asset's hash is its output's, so a change anywhere in the bundle deploys it; synth in the
 * tests skips bundling (`aws:cdk:bundling-stacks`), as it did for NodejsFunction.
 */
const bundledCode = (entry: string) =>
  lambda.Code.fromAsset(REPO_ROOT, { assetHashType: AssetHashType.OUTPUT, bundling: new LambdaBundling(entry) });

/**
 * The house Lambda: a function of the catalogue (functions.ts: handler, description, timeout,
 * memory, bundling) on the house runtime, architecture and logging. Resources are bound with
 * helpers that grant access and set the variable naming the resource together, so a handler
 * never has an env var without the permission (or the reverse).
 */
export class HouseFunction extends Construct {
  readonly function: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: HouseFunctionProps) {
    super(scope, id);
    const spec = FUNCTIONS[props.name];
    const problem = sizingProblem(spec);
    if (problem) throw new Error(`${this.node.path}: ${problem}`);

    // Created here (not by Lambda on first write) so retention and removal are ours.
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_YEAR,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // An own role instead of the default one: the default attaches the AWS managed
    // AWSLambdaBasicExecutionRole (logs on every log group); this one writes to its own only.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: roleDescription(spec.description, props.name),
    });
    this.logGroup.grantWrite(this.role);

    this.function = new lambda.Function(this, 'Function', {
      code: bundledCode(spec.entry),
      handler: LAMBDA_HANDLER,
      description: spec.description,
      runtime: HOUSE_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      timeout: Duration.seconds(spec.timeoutSeconds),
      memorySize: spec.memorySize,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      deadLetterQueue: props.deadLetterQueue,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
    });

    // Active tracing would need an X-Ray policy with Resource "*" on every role for traces of
    // single-hop handlers; structured JSON logs and the error alarms cover diagnosis instead.
    Validations.of(this).acknowledge({
      id: 'Serverless-LambdaTracing',
      reason:
        'Handlers are single-hop; JSON logs, access logs and per-function error alarms are used instead of X-Ray.',
    });
    if (!props.deadLetterQueue) {
      Validations.of(this).acknowledge({
        id: 'Serverless-LambdaDLQ',
        reason:
          'Invoked synchronously (API Gateway) or by an event source mapping with its own on-failure destination; a function DLQ only receives failed asynchronous invocations.',
      });
    }
    Validations.of(this).acknowledge({
      id: controlTowerRule('lambda_inside_vpc_check'),
      reason:
        'The handlers reach only AWS service endpoints (DynamoDB, SES, S3); a VPC would add NAT or endpoint costs and cold-start latency without isolating anything.',
    });
    Validations.of(this).acknowledge({
      id: controlTowerRule('cloudwatch_log_group_encrypted_check'),
      reason:
        'CloudWatch Logs encrypts every log group at rest with service keys; email addresses are masked before logging, so a customer managed key would add cost and key-policy coupling, not protection.',
    });
  }

  /**
   * Grants `access` (a shorthand or the exact actions) on the table's items, Query on `queryIndexes`
   * only, and passes the table's name in the binding's variable.
   */
  bindTable(
    binding: TableBinding,
    access: TableAccess | readonly TableAction[],
    options: { queryIndexes?: readonly string[]; scan?: boolean } = {},
  ): this {
    const actions = typeof access === 'string' ? [...TABLE_ACTIONS[access]] : [...access];
    // Scan only when asked: the console's Subscribers overview counts every subscriber.
    if (options.scan && !actions.includes('Scan')) actions.push('Scan');
    if (actions.length > 0) {
      this.grantOn(
        [binding.table.tableArn],
        actions.map((action) => `dynamodb:${action}`),
      );
    }
    // The indexes the code queries, and only those: Table.grant would add `index/*` for every
    // function once the table has an index (the mail sweep queries MailDue, the console LeadsByTime).
    const indexes = (options.queryIndexes ?? []).map((index) => `${binding.table.tableArn}/index/${index}`);
    if (indexes.length > 0) this.grantOn(indexes, ['dynamodb:Query']);
    return this.setEnv(binding.envName, binding.table.tableName);
  }

  /** Grants exactly `actions` on the queue and passes its URL in `envName`. */
  bindQueue(
    queue: IQueue,
    envName: 'CAMPAIGN_QUEUE_URL' | 'MAIL_DEAD_LETTER_QUEUE_URL',
    actions: readonly QueueAction[],
  ): this {
    grantQueue(queue, this.role, actions);
    return this.setEnv(envName, queue.queueUrl);
  }

  /** One statement: exactly these actions on exactly these resources. */
  grantOn(resources: string[], actions: string[], conditions?: Record<string, Record<string, unknown>>): this {
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources, conditions }));
    return this;
  }

  /** Grants s3:GetObject on exactly the document (for presigned links) and passes where it is. */
  bindScorecardDocument(document: DocumentBinding): this {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [document.bucket.arnForObjects(document.key)] }),
    );
    this.setEnv('SCORECARD_BUCKET', document.bucket.bucketName);
    return this.setEnv('SCORECARD_KEY', document.key);
  }

  /** Grants sending as our SES identity and passes the From address. */
  bindSender(sender: SenderBinding): this {
    sender.grantSendEmail(this.role);
    return this.setEnv('SENDER_EMAIL', sender.fromAddress);
  }

  /** Grants reading the origin-verify secret (the API's authorizer) and passes its ARN. */
  bindOriginVerifySecret(secret: ISecret): this {
    // GetSecretValue alone: grantRead adds DescribeSecret, which the authorizer never calls. The
    // secret is encrypted with the AWS managed key, which needs no grant of ours.
    this.grantOn([secret.secretArn], ['secretsmanager:GetSecretValue']);
    return this.setEnv('ORIGIN_VERIFY_SECRET_ARN', secret.secretArn);
  }

  /** Plain configuration values (SITE_URL, NOTIFICATION_EMAIL). */
  setEnv(name: HandlerEnvName, value: string): this {
    this.function.addEnvironment(name, value);
    return this;
  }
}
