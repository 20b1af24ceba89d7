/**
 * What an AWS API request on the wire asks IAM for: its operation's actions (operation-actions.ts),
 * the ARN of each resource it names, and the condition keys the stack's policies read
 * (`dynamodb:LeadingKeys`, `iam:PassedToService`). One reader per protocol the functions' SDK
 * clients speak to the twin: DynamoDB's and SQS's JSON, SES's query API, Lambda's, Scheduler's
 * and S3's REST paths.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { LOCAL_S3_PREFIX } from '../../site-and-edge/local-s3';
import { iamActionsOf } from './operation-actions';
import { canonicalTable, type FunctionRoles } from './function-roles';
import {
  bucketArn,
  functionArn,
  queueArn,
  roleArn,
  scheduleArn,
  sesConfigurationSetArn,
  sesIdentityArn,
  tableArn,
} from './local-arns';
import type { AccessRequest } from './policy-evaluator';

export interface WireRequest {
  method: string;
  /** The path and query, as the HTTP request line has them. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

type AttributeValue = { S?: string; N?: string; B?: string };
type Item = Record<string, AttributeValue>;

const operationOf = (headers: IncomingHttpHeaders) =>
  String(headers['x-amz-target'] ?? '')
    .split('.')
    .pop() ?? '';
const jsonOf = (body: Buffer) => (body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {});

/** DynamoDB: each table (or index) a request names, with the partition keys of the items it touches. */
export function dynamoRequests(request: WireRequest, roles: Pick<FunctionRoles, 'partitionKeys'>): AccessRequest[] {
  const operation = operationOf(request.headers);
  const input = jsonOf(request.body);
  const leadingKey = (table: string, item: Item | undefined) => {
    const value = item?.[roles.partitionKeys.get(table) ?? ''];
    return value?.S ?? value?.N ?? value?.B;
  };
  const onTable = (action: string, name: string, items: (Item | undefined)[], index?: string): AccessRequest => {
    const table = canonicalTable(name);
    const keys = items.map((item) => leadingKey(table, item)).filter((key): key is string => key !== undefined);
    return {
      action,
      resource: `${tableArn(table)}${index ? `/index/${index}` : ''}`,
      ...(keys.length && { context: { 'dynamodb:LeadingKeys': [...new Set(keys)] } }),
    };
  };
  const table = String(input.TableName ?? '');
  switch (operation) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [onTable(`dynamodb:${operation}`, table, [input.Key as Item])];
    case 'PutItem':
      return [onTable('dynamodb:PutItem', table, [input.Item as Item])];
    case 'Query':
      return [
        onTable(
          'dynamodb:Query',
          table,
          [queriedKey(input, roles.partitionKeys.get(canonicalTable(table)))],
          input.IndexName as string,
        ),
      ];
    case 'Scan':
      return [onTable('dynamodb:Scan', table, [], input.IndexName as string)];
    case 'BatchGetItem':
      return Object.entries(input.RequestItems as Record<string, { Keys: Item[] }>).map(([name, { Keys }]) =>
        onTable('dynamodb:BatchGetItem', name, Keys),
      );
    case 'BatchWriteItem':
      return Object.entries(
        input.RequestItems as Record<string, { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]>,
      ).map(([name, writes]) =>
        onTable(
          'dynamodb:BatchWriteItem',
          name,
          writes.map((write) => write.PutRequest?.Item ?? write.DeleteRequest?.Key),
        ),
      );
    case 'TransactWriteItems':
    case 'TransactGetItems': {
      const actions = {
        Put: 'PutItem',
        Update: 'UpdateItem',
        Delete: 'DeleteItem',
        ConditionCheck: 'ConditionCheckItem',
        Get: 'GetItem',
      };
      return (input.TransactItems as Record<string, { TableName: string; Key?: Item; Item?: Item }>[]).flatMap(
        (entry) =>
          Object.entries(entry).map(([kind, part]) =>
            onTable(`dynamodb:${actions[kind as keyof typeof actions]}`, part.TableName, [part.Key ?? part.Item]),
          ),
      );
    }
    default:
      return iamActionsOf('dynamodb', operation).map((action) => ({
        action,
        resource: table ? tableArn(canonicalTable(table)) : '*',
      }));
  }
}

/** A Query's partition key value, from `<key> = :value` in its key condition. */
function queriedKey(input: Record<string, unknown>, partitionKey: string | undefined): Item | undefined {
  if (!partitionKey || input.IndexName) return undefined;
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, AttributeValue>;
  for (const [, name, value] of String(input.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    if ((names[name!] ?? name) === partitionKey && values[value!]) return { [partitionKey]: values[value!]! };
  }
  return undefined;
}

/**
 * SES's query API. SendRawEmail is authorized on the sending identity (the From address, or its
 * domain when the domain is the verified identity) and on the configuration set it uses (the
 * identity's default one): https://docs.aws.amazon.com/ses/latest/dg/control-user-access.html.
 */
export function sesRequests(request: WireRequest, roles: Pick<FunctionRoles, 'sesIdentity'>): AccessRequest[] {
  const form = request.body.toString('latin1');
  const operation = formParameter(form, 'Action') ?? '';
  const actions = iamActionsOf('ses', operation);
  if (operation !== 'SendRawEmail' && operation !== 'SendEmail')
    return actions.map((action) => ({ action, resource: '*' }));
  const from = formParameter(form, 'Source') ?? fromHeader(form) ?? '';
  const address = from.toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const verified = roles.sesIdentity?.identity.toLowerCase();
  const identity = verified === address ? address : domain;
  const set =
    formParameter(form, 'ConfigurationSetName') ??
    (verified === identity ? roles.sesIdentity?.configurationSet : undefined);
  const resources = [sesIdentityArn(identity), ...(set ? [sesConfigurationSetArn(set)] : [])];
  return actions.flatMap((action) => resources.map((resource) => ({ action, resource })));
}

/** One parameter of a form-encoded body, decoded; `limit` keeps only its first characters. */
const formParameter = (form: string, name: string, limit = Infinity): string | undefined => {
  const at = form.startsWith(`${name}=`) ? 0 : form.indexOf(`&${name}=`) + 1;
  if (at === 0 && !form.startsWith(`${name}=`)) return undefined;
  const start = at + name.length + 1;
  const end = form.indexOf('&', start);
  const raw = form.slice(start, Math.min(end === -1 ? form.length : end, start + limit));
  // A cut may split a %XX escape: drop its start.
  return decodeURIComponent(raw.replace(/%[0-9A-Fa-f]?$/, '').replace(/\+/g, ' '));
};

/**
 * The From address of a raw message (RawMessage.Data, base64), read from its first few KB only:
 * the header block is at the top, and decoding every email whole cost each send about 0.1 ms.
 */
function fromHeader(form: string): string | undefined {
  for (const limit of [8192, Infinity]) {
    const data = formParameter(form, 'RawMessage.Data', limit) ?? '';
    const text = Buffer.from(data.slice(0, data.length - (data.length % 4)), 'base64').toString('utf8');
    const headers = text.split(/\r?\n\r?\n/)[0]!;
    const address = /^From:.*?<?([^\s<>]+@[^\s<>]+?)>?\s*$/im.exec(headers)?.[1];
    if (address) return address;
  }
  return undefined;
}

/** SQS's JSON protocol: the queue by its URL. */
export function sqsRequests(request: WireRequest): AccessRequest[] {
  const input = jsonOf(request.body);
  const resource = typeof input.QueueUrl === 'string' ? queueArn(input.QueueUrl) : '*';
  return iamActionsOf('sqs', operationOf(request.headers)).map((action) => ({ action, resource }));
}

/** Lambda's Invoke: POST /2015-03-31/functions/<name or ARN>/invocations. */
export function lambdaRequests(request: WireRequest): AccessRequest[] {
  const name = decodeURIComponent(/\/functions\/([^/]+)\/invocations/.exec(request.url)?.[1] ?? '');
  return [{ action: 'lambda:InvokeFunction', resource: name.startsWith('arn:') ? name : functionArn(name) }];
}

/**
 * EventBridge Scheduler: POST /schedules/<name> creates (and passes the target's role to
 * Scheduler), DELETE /schedules/<name>?groupName= deletes.
 */
export function schedulerRequests(request: WireRequest): AccessRequest[] {
  const url = new URL(request.url, 'http://twin');
  const name = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  if (request.method === 'DELETE') {
    const group = url.searchParams.get('groupName') ?? 'default';
    return [{ action: 'scheduler:DeleteSchedule', resource: scheduleArn(group, name) }];
  }
  const input = jsonOf(request.body) as { GroupName?: string; Target?: { RoleArn?: string } };
  const target = input.Target?.RoleArn ?? roleArn('unknown');
  return [
    { action: 'scheduler:CreateSchedule', resource: scheduleArn(input.GroupName ?? 'default', name) },
    { action: 'iam:PassRole', resource: target, context: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
  ];
}

/**
 * S3's REST API, path-style under the twin's prefix (`/_local-s3/<bucket>/<key>`): a GET or HEAD
 * of an object is s3:GetObject on it, a DELETE s3:DeleteObject, a PUT s3:PutObject.
 */
export function s3Requests(request: WireRequest): AccessRequest[] {
  const [bucket = '', ...key] = new URL(request.url, 'http://twin').pathname
    .slice(LOCAL_S3_PREFIX.length + 1)
    .split('/')
    .map(decodeURIComponent);
  const resource = `${bucketArn(bucket)}/${key.join('/')}`;
  const action = ['GET', 'HEAD'].includes(request.method)
    ? 's3:GetObject'
    : request.method === 'DELETE'
      ? 's3:DeleteObject'
      : 's3:PutObject';
  return [{ action, resource }];
}

/** Secrets Manager's JSON protocol: the secret by its id (the twin's secrets are named by ARN). */
export function secretsManagerRequests(request: WireRequest): AccessRequest[] {
  const { SecretId } = jsonOf(request.body) as { SecretId?: string };
  return iamActionsOf('secretsmanager', operationOf(request.headers)).map((action) => ({
    action,
    resource: SecretId ?? '*',
  }));
}
