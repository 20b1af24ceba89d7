/**
 * How the twin reads an AWS request on the wire as IAM sees it (infra/local/functions/iam/wire-requests.ts):
 * the action AWS authorizes, the resource's ARN, and the condition keys the stack's policies use.
 */
import type { IncomingHttpHeaders } from 'node:http';
import {
  dynamoRequests,
  lambdaRequests,
  s3Requests,
  schedulerRequests,
  sesRequests,
  sqsRequests,
} from '#infra/local/functions/iam/wire-requests.ts';

const ROLES = {
  partitionKeys: new Map([
    ['Subscribers', 'id'],
    ['Campaigns', 'id'],
  ]),
  sesIdentity: { identity: 'chinooktalent.ca', configurationSet: 'Events' },
};
const TABLE = 'arn:aws:dynamodb:ca-central-1:000000000000:table';
const wire = (body: unknown, headers: IncomingHttpHeaders = {}, method = 'POST', url = '/') => ({
  method,
  url,
  headers,
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
});
const dynamo = (operation: string, input: object) =>
  dynamoRequests(wire(input, { 'x-amz-target': `DynamoDB_20120810.${operation}` }), ROLES);

describe('DynamoDB', () => {
  it("names the table by its definition, whatever suffix the twin's name carries, with the item's partition key", () => {
    expect(dynamo('PutItem', { TableName: 'Subscribers-it42', Item: { id: { S: 'suppression#a@b.ca' } } })).toEqual([
      {
        action: 'dynamodb:PutItem',
        resource: `${TABLE}/Subscribers`,
        context: { 'dynamodb:LeadingKeys': ['suppression#a@b.ca'] },
      },
    ]);
  });

  it("reads a query's partition key from its key condition, and names an index by its own ARN", () => {
    expect(
      dynamo('Query', {
        TableName: 'Campaigns',
        KeyConditionExpression: '#k = :v',
        ExpressionAttributeNames: { '#k': 'id' },
        ExpressionAttributeValues: { ':v': { S: 'archive#state' } },
      }),
    ).toEqual([
      {
        action: 'dynamodb:Query',
        resource: `${TABLE}/Campaigns`,
        context: { 'dynamodb:LeadingKeys': ['archive#state'] },
      },
    ]);
    expect(
      dynamo('Query', { TableName: 'Campaigns', IndexName: 'SendsByMailbox', KeyConditionExpression: 'm = :v' }),
    ).toEqual([{ action: 'dynamodb:Query', resource: `${TABLE}/Campaigns/index/SendsByMailbox` }]);
  });

  it('checks a batch per table with every key it writes, and a transaction item by item as its own action', () => {
    expect(
      dynamo('BatchWriteItem', {
        RequestItems: {
          'Subscribers-x': [
            { PutRequest: { Item: { id: { S: 'a' } } } },
            { DeleteRequest: { Key: { id: { S: 'b' } } } },
          ],
        },
      }),
    ).toEqual([
      {
        action: 'dynamodb:BatchWriteItem',
        resource: `${TABLE}/Subscribers`,
        context: { 'dynamodb:LeadingKeys': ['a', 'b'] },
      },
    ]);
    expect(
      dynamo('TransactWriteItems', {
        TransactItems: [
          { Put: { TableName: 'Campaigns', Item: { id: { S: 'c' } } } },
          { ConditionCheck: { TableName: 'Subscribers', Key: { id: { S: 'd' } } } },
        ],
      }).map((request) => request.action),
    ).toEqual(['dynamodb:PutItem', 'dynamodb:ConditionCheckItem']);
  });

  it('gives a scan no leading keys, as AWS does (a ForAllValues condition is then true)', () => {
    expect(dynamo('Scan', { TableName: 'Campaigns' })).toEqual([
      { action: 'dynamodb:Scan', resource: `${TABLE}/Campaigns` },
    ]);
  });
});

describe('SES', () => {
  const raw = (from: string) =>
    new URLSearchParams({
      Action: 'SendRawEmail',
      'RawMessage.Data': Buffer.from(`Subject: Hi\r\nFrom: "The firm" <${from}>\r\n\r\n${'x'.repeat(20000)}`).toString(
        'base64',
      ),
    }).toString();

  it("sends from the From address's domain when the domain is the verified identity, through its default configuration set", () => {
    expect(sesRequests(wire(raw('hello@chinooktalent.ca')), ROLES)).toEqual([
      { action: 'ses:SendRawEmail', resource: 'arn:aws:ses:ca-central-1:000000000000:identity/chinooktalent.ca' },
      { action: 'ses:SendRawEmail', resource: 'arn:aws:ses:ca-central-1:000000000000:configuration-set/Events' },
    ]);
  });

  it('names another domain as its own identity, which the role does not cover', () => {
    expect(sesRequests(wire(raw('someone@elsewhere.ca')), ROLES)).toEqual([
      { action: 'ses:SendRawEmail', resource: 'arn:aws:ses:ca-central-1:000000000000:identity/elsewhere.ca' },
    ]);
  });
});

describe('SQS, Lambda and Scheduler', () => {
  it('authorizes a batch send as sqs:SendMessage on the queue its URL names', () => {
    expect(
      sqsRequests(
        wire(
          { QueueUrl: 'http://127.0.0.1:3000/_local-sqs/000000000000/campaign-queue' },
          { 'x-amz-target': 'AmazonSQS.SendMessageBatch' },
        ),
      ),
    ).toEqual([{ action: 'sqs:SendMessage', resource: 'arn:aws:sqs:ca-central-1:000000000000:campaign-queue' }]);
  });

  it('authorizes Invoke as lambda:InvokeFunction on the function', () => {
    expect(
      lambdaRequests(wire('', {}, 'POST', '/_local-lambda/2015-03-31/functions/sitePublisher/invocations')),
    ).toEqual([
      {
        action: 'lambda:InvokeFunction',
        resource: 'arn:aws:lambda:ca-central-1:000000000000:function:sitePublisher',
      },
    ]);
  });

  it("passes a schedule's target role to Scheduler, and deletes by group", () => {
    const body = { GroupName: 'launches', Target: { RoleArn: 'arn:aws:iam::000000000000:role/scheduler' } };
    expect(schedulerRequests(wire(body, {}, 'POST', '/_local-scheduler/schedules/campaign-launch-1'))).toEqual([
      {
        action: 'scheduler:CreateSchedule',
        resource: 'arn:aws:scheduler:ca-central-1:000000000000:schedule/launches/campaign-launch-1',
      },
      {
        action: 'iam:PassRole',
        resource: 'arn:aws:iam::000000000000:role/scheduler',
        context: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
      },
    ]);
    expect(
      schedulerRequests(wire('', {}, 'DELETE', '/_local-scheduler/schedules/campaign-launch-1?groupName=launches')),
    ).toEqual([
      {
        action: 'scheduler:DeleteSchedule',
        resource: 'arn:aws:scheduler:ca-central-1:000000000000:schedule/launches/campaign-launch-1',
      },
    ]);
  });
});

describe('S3', () => {
  it("reads an object's action from the method, on the object's ARN (path-style under the twin's prefix)", () => {
    const object = (method: string) => s3Requests(wire('', {}, method, '/_local-s3/site/post-uploads/abc'));
    const arn = 'arn:aws:s3:::site/post-uploads/abc';
    expect(['GET', 'HEAD', 'PUT', 'DELETE'].map((method) => object(method)[0])).toEqual([
      { action: 's3:GetObject', resource: arn },
      { action: 's3:GetObject', resource: arn },
      { action: 's3:PutObject', resource: arn },
      { action: 's3:DeleteObject', resource: arn },
    ]);
  });
});
