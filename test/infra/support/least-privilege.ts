/**
 * What the least-privilege test (test/infra/least-privilege.test.ts) compares, and the comparison
 * itself: the AWS actions a function's bundled code can call, the resources its code addresses,
 * what its role grants and what the Lambda service does with that role on its behalf, all read
 * from the esbuild metafile and the synthesised template. `compareGrants` is pure, so its unit
 * test can feed it a missing and an unused grant.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueNameOf } from '#infra/cdk/constructs/role-description.ts';
import { iamActionsOf, SDK_CLIENT_SERVICE } from '#infra/local/functions/iam/operation-actions.ts';
import { REPO_ROOT } from '#shared/repo-root.ts';

/** The services whose resources are compared, not only their actions: SQS queues and DynamoDB tables. */
export type AddressedService = 'sqs' | 'dynamodb';

/** A resource a function's code names through one of its environment variables. */
export interface AddressedResource {
  readonly envName: string;
  readonly service: AddressedService;
  /** The template's logical id of the queue or table. */
  readonly resource: string;
}

/** One action on one resource, as a role statement allows it ("*" or a logical id, `<table>/index/<name>`, `<table>.StreamArn`). */
export interface Grant {
  readonly action: string;
  readonly resource: string;
  readonly condition?: unknown;
}

/** A grant the Lambda service, not the code, uses with the function's role. */
export interface ServiceUse {
  readonly action: string;
  readonly resource: string;
  readonly why: string;
}

/** Everything known about one function. */
export interface FunctionFacts {
  readonly name: string;
  /** Each IAM action its code can call, with the repository's source files that send it. */
  readonly codeActions: ReadonlyMap<string, readonly string[]>;
  readonly addressed: readonly AddressedResource[];
  readonly grants: readonly Grant[];
  readonly serviceUses: readonly ServiceUse[];
}

/** An action the code can call, on a resource it addresses, that it never sends there. */
export interface NotSentTo {
  readonly fn: string;
  readonly action: string;
  readonly envName: string;
  readonly why: string;
}

/** What the comparison accepts beyond the code's own calls, each with its reason. */
export interface Allowances {
  /** Actions any function's role may hold though no code calls them, by action. */
  readonly anyFunction: Readonly<Record<string, string>>;
  /** Actions one function's role holds for a use that is not an SDK call, with the reason. */
  readonly byFunction: readonly { readonly fn: string; readonly action: string; readonly why: string }[];
  /** Commands an SDK client bundles but never sends, by IAM action. */
  readonly neverSent: Readonly<Record<string, string>>;
  readonly notSentTo: readonly NotSentTo[];
}

const dynamoIndexOf = (resource: string) => /^(.+)\/index\/[^/]+$/.exec(resource)?.[1];

/**
 * Whether `grant` lets the code send `action` to `resource` (a table or queue it addresses): a
 * Query runs on an index, which IAM authorizes on the index's ARN, everything else on the table's
 * or queue's own.
 */
const grantsOn = (grant: Grant, action: string, resource: string) =>
  (grant.action === action || grant.action === '*') &&
  (grant.resource === '*' ||
    (action === 'dynamodb:Query' ? dynamoIndexOf(grant.resource) === resource : grant.resource === resource));

/**
 * The problems of one function's role, as messages naming the function, the action and the
 * resource: what its code can call that the role lacks (missing), and what the role grants that
 * no code path and no allowance uses (unused), plus allowances that no longer apply (stale).
 */
export function compareGrants(facts: FunctionFacts, allowances: Allowances): string[] {
  const problems: string[] = [];
  const { name, codeActions, addressed, grants, serviceUses } = facts;
  const sources = (action: string) => {
    const files = codeActions.get(action) ?? [];
    return files.length ? ` (sent from ${files.join(', ')})` : '';
  };
  const notSentTo = allowances.notSentTo.filter((entry) => entry.fn === name);
  const byFunction = allowances.byFunction.filter((entry) => entry.fn === name);
  const excluded = (action: string, envName: string) =>
    notSentTo.some((entry) => entry.action === action && entry.envName === envName);

  // Missing: every action the code can call; on a queue, on every queue the code addresses; on a
  // table, on one of the tables it addresses (which call goes to which table is not in the bundle).
  for (const action of [...codeActions.keys()].sort()) {
    if (allowances.neverSent[action]) continue;
    if (!grants.some((grant) => grant.action === action || grant.action === '*')) {
      problems.push(
        `${name}: missing grant: its code can call ${action}${sources(action)}, its role does not allow it`,
      );
      continue;
    }
    const service = action.split(':')[0];
    const targets = addressed.filter((entry) => entry.service === service);
    const on = () =>
      grants
        .filter((grant) => grant.action === action)
        .map((grant) => grant.resource)
        .join(', ');
    if (service === 'sqs') {
      for (const target of targets) {
        if (excluded(action, target.envName) || grants.some((grant) => grantsOn(grant, action, target.resource)))
          continue;
        problems.push(
          `${name}: missing grant: its code can call ${action}${sources(action)} on ${target.resource} (${target.envName}), its role allows it only on ${on()}`,
        );
      }
    } else if (
      service === 'dynamodb' &&
      !targets.some((target) => grants.some((grant) => grantsOn(grant, action, target.resource)))
    ) {
      problems.push(
        `${name}: missing grant: its code can call ${action}${sources(action)} on its tables (${targets.map((target) => target.envName).join(', ')}), its role allows it only on ${on()}`,
      );
    }
  }
  // Every queue and table the code addresses needs some action of the code's on it.
  for (const target of addressed) {
    const actions = [...codeActions.keys()].filter((action) => action.startsWith(`${target.service}:`));
    if (!grants.some((grant) => actions.some((action) => grantsOn(grant, action, target.resource)))) {
      problems.push(
        `${name}: missing grant: its code addresses ${target.resource} (${target.envName}), its role allows none of its ${target.service} actions there`,
      );
    }
  }

  // Unused: every grant is the code's on a resource it addresses, or the Lambda service's, or allowed.
  const addressedResource = (resource: string) =>
    addressed.find((entry) => entry.resource === resource || entry.resource === dynamoIndexOf(resource));
  for (const grant of grants) {
    const { action, resource } = grant;
    if (allowances.anyFunction[action] || byFunction.some((entry) => entry.action === action)) continue;
    if (serviceUses.some((use) => use.action === action && use.resource === resource)) continue;
    const where = `${action} on ${resource}`;
    if (!codeActions.has(action) || allowances.neverSent[action]) {
      problems.push(`${name}: unused grant: its role allows ${where}, which no code path calls`);
      continue;
    }
    const service = action.split(':')[0] as AddressedService;
    if (service !== 'sqs' && service !== 'dynamodb') continue;
    const target = addressedResource(resource);
    if (!target || !grantsOn(grant, action, target.resource)) {
      problems.push(`${name}: unused grant: its role allows ${where}, a resource its code does not send ${action} to`);
    } else if (excluded(action, target.envName)) {
      problems.push(
        `${name}: unused grant: its role allows ${where}, which the code never sends there (an exclusion says so)`,
      );
    }
  }

  // Stale: an exclusion must name an action the code calls and a resource it addresses.
  for (const entry of notSentTo) {
    if (!codeActions.has(entry.action) || !addressed.some((target) => target.envName === entry.envName)) {
      problems.push(
        `${name}: stale exclusion: ${entry.action} on ${entry.envName}: the code no longer calls it or addresses that resource`,
      );
    }
  }
  for (const entry of byFunction) {
    if (!grants.some((grant) => grant.action === entry.action)) {
      problems.push(`${name}: stale allowance: ${entry.action} is no longer granted`);
    }
  }
  return problems;
}

const COMMAND_MODULE = /node_modules\/@aws-sdk\/(client-[a-z0-9-]+)\/dist-[a-z]+\/commands\/(\w+)Command\.js$/;

/**
 * The IAM actions of the SDK commands whose code is in a function's deployed files (its entry
 * and every chunk; esbuild lists an input in an output only when it contributed bytes, so
 * tree-shaken commands drop out), each with the repository's files that send it.
 */
export function codeActionsOf(deployedInputs: readonly string[]): Map<string, string[]> {
  const ownFiles = deployedInputs.filter((input) => !input.includes('node_modules/'));
  const textOf = new Map(ownFiles.map((file) => [file, readFileSync(path.join(REPO_ROOT, file), 'utf8')]));
  const actions = new Map<string, string[]>();
  for (const input of deployedInputs) {
    const match = COMMAND_MODULE.exec(input);
    if (!match) continue;
    const service = SDK_CLIENT_SERVICE[match[1]!];
    if (!service)
      throw new Error(`No IAM service for @aws-sdk/${match[1]} (SDK_CLIENT_SERVICE in operation-actions.ts)`);
    const senders = ownFiles.filter((file) => new RegExp(`\\b${match[2]}Command\\b`).test(textOf.get(file)!));
    for (const action of iamActionsOf(service, match[2]!)) {
      actions.set(action, [...new Set([...(actions.get(action) ?? []), ...senders])].sort());
    }
  }
  return actions;
}

/** The environment variables a function's own code reads (their names are literals in it: requireEnv('…')). */
export function envNamesReadBy(deployedInputs: readonly string[], candidates: readonly string[]): string[] {
  const texts = deployedInputs
    .filter((input) => !input.includes('node_modules/'))
    .map((file) => readFileSync(path.join(REPO_ROOT, file), 'utf8'));
  return candidates.filter((name) => texts.some((text) => text.includes(`'${name}'`)));
}

type Resources = Record<string, { Type: string; Properties?: Record<string, any> }>;

/**
 * A policy resource or reference as a short key: a logical id for `Ref`/`Fn::GetAtt …Arn`,
 * `<id>.<attribute>` for another attribute, `<id>/index/<name>` for a joined suffix; anything
 * else as JSON.
 */
export function resourceKey(value: unknown): string {
  if (typeof value === 'string') return value;
  const ref = value as Record<string, any>;
  if (ref?.Ref) return ref.Ref as string;
  if (ref?.['Fn::GetAtt']) {
    const [id, attribute] = ref['Fn::GetAtt'] as [string, string];
    return attribute === 'Arn' ? id : `${id}.${attribute}`;
  }
  const join = ref?.['Fn::Join'] as [string, unknown[]] | undefined;
  if (join && join[0] === '' && join[1].length > 1 && join[1].slice(1).every((part) => typeof part === 'string')) {
    const head = resourceKey(join[1][0]);
    if (!head.startsWith('{')) return `${head}${join[1].slice(1).join('')}`;
  }
  return JSON.stringify(value);
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const SERVICE_OF_TYPE: Record<string, AddressedService> = {
  'AWS::SQS::Queue': 'sqs',
  'AWS::DynamoDB::Table': 'dynamodb',
};

/** What the synthesised template says about the catalogue function `name`: its grants, the resources its variables name, what Lambda does with its role. */
export function templateFactsOf(resources: Resources, name: string) {
  const roles = Object.entries(resources).filter(
    ([, resource]) => resource.Type === 'AWS::IAM::Role' && catalogueNameOf(resource.Properties?.Description) === name,
  );
  if (roles.length !== 1)
    throw new Error(`Expected one role whose description ends with (${name}), found ${roles.length}`);
  const [roleId] = roles[0]!;
  const grants: Grant[] = Object.values(resources)
    .filter(
      (resource) =>
        resource.Type === 'AWS::IAM::Policy' &&
        asList(resource.Properties!.Roles).some((role) => resourceKey(role) === roleId),
    )
    .flatMap((policy) => policy.Properties!.PolicyDocument.Statement as Record<string, any>[])
    .flatMap((statement) => {
      if (statement.Effect !== 'Allow')
        throw new Error(`${name}: a Deny statement, which this comparison does not read`);
      return asList<string>(statement.Action).flatMap((action) =>
        asList(statement.Resource).map((resource) => ({
          action,
          resource: resourceKey(resource),
          condition: statement.Condition,
        })),
      );
    });
  const functions = Object.entries(resources).filter(
    ([, resource]) => resource.Type === 'AWS::Lambda::Function' && resourceKey(resource.Properties!.Role) === roleId,
  );
  if (functions.length !== 1)
    throw new Error(`Expected one function with the role of ${name}, found ${functions.length}`);
  const [functionId, fn] = functions[0]!;
  const variables: Record<string, unknown> = fn.Properties!.Environment?.Variables ?? {};
  const environment = Object.entries(variables).flatMap(([envName, value]) => {
    const resource = resourceKey(value);
    const service = SERVICE_OF_TYPE[resources[resource]?.Type ?? ''];
    return service ? [{ envName, service, resource }] : [];
  });

  const serviceUses: ServiceUse[] = [];
  const deadLetterQueue = fn.Properties!.DeadLetterConfig?.TargetArn;
  if (deadLetterQueue) {
    serviceUses.push({
      action: 'sqs:SendMessage',
      resource: resourceKey(deadLetterQueue),
      why: "Lambda sends an asynchronous invocation's event that kept failing to the function's dead-letter queue with the function's role (https://docs.aws.amazon.com/lambda/latest/dg/invocation-async-retain-records.html#invocation-dlq)",
    });
  }
  for (const mapping of Object.values(resources)) {
    if (
      mapping.Type !== 'AWS::Lambda::EventSourceMapping' ||
      resourceKey(mapping.Properties!.FunctionName) !== functionId
    )
      continue;
    const source = resourceKey(mapping.Properties!.EventSourceArn);
    if (resources[source]?.Type === 'AWS::SQS::Queue') {
      for (const action of ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes']) {
        serviceUses.push({
          action,
          resource: source,
          why: "Lambda's event source mapping polls the queue with the function's role (https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-configure.html#events-sqs-permissions)",
        });
      }
    } else if (source.endsWith('.StreamArn')) {
      const why =
        "Lambda's event source mapping reads the table's stream with the function's role (https://docs.aws.amazon.com/lambda/latest/dg/services-dynamodb-eventsourcemapping.html#events-dynamodb-permissions); ListStreams has no resource-level permission";
      for (const action of ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator']) {
        serviceUses.push({ action, resource: source, why });
      }
      serviceUses.push({ action: 'dynamodb:ListStreams', resource: '*', why });
    } else {
      throw new Error(`${name}: an event source this comparison does not know: ${source}`);
    }
    const onFailure = mapping.Properties!.DestinationConfig?.OnFailure?.Destination;
    if (onFailure) {
      serviceUses.push({
        action: 'sqs:SendMessage',
        resource: resourceKey(onFailure),
        why: "Lambda sends a batch that kept failing to the event source mapping's on-failure destination with the function's role (https://docs.aws.amazon.com/lambda/latest/dg/services-dynamodb-errors.html)",
      });
    }
  }
  return { grants, environment, serviceUses };
}
