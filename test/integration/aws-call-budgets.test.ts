/**
 * Every AWS client the handlers and operator commands build ends its calls within its budget
 * (lambdas/runtime/aws-clients/call-budget.ts), whatever the other side does: against a server
 * that accepts connections and never answers, and one that sends the headers and then the body
 * one byte at a time, each factory's call fails with a TimeoutError after exactly its budgeted
 * number of attempts, instead of hanging (issue 17: requestTimeout alone only logs a warning).
 */
import { DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { InvokeCommand } from '@aws-sdk/client-lambda';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { DeleteScheduleCommand } from '@aws-sdk/client-scheduler';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { SendRawEmailCommand } from '@aws-sdk/client-ses';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { CALL_BUDGETS, type CallBudget } from '#lambdas/runtime/aws-clients/call-budget.ts';
import { createServer as createHttpServer } from 'node:http';
import { createCloudFormationClient } from '#lambdas/runtime/aws-clients/cloudformation.ts';
import { DescribeKeyValueStoreCommand } from '@aws-sdk/client-cloudfront-keyvaluestore';
import { createKeyValueStoreClient } from '#lambdas/runtime/aws-clients/cloudfront-keyvaluestore.ts';
import { createCloudFrontClient } from '#lambdas/runtime/aws-clients/cloudfront.ts';
import { createLambdaClient } from '#lambdas/runtime/aws-clients/lambda.ts';
import { createS3Client } from '#lambdas/runtime/aws-clients/s3.ts';
import { createDynamoClient } from '#lambdas/runtime/aws-clients/dynamodb.ts';
import { createSchedulerClient } from '#lambdas/runtime/aws-clients/scheduler.ts';
import { createSecretsManagerClient } from '#lambdas/runtime/aws-clients/secrets-manager.ts';
import { createSesClient } from '#lambdas/runtime/aws-clients/ses.ts';
import { createSqsClient } from '#lambdas/runtime/aws-clients/sqs.ts';

jest.setTimeout(30_000);

type Behaviour = (socket: Socket) => void;

/** Never answers: the request is read and left hanging. */
const silent: Behaviour = (socket) => socket.resume();

/** Answers at once with headers, then its body one byte every 100 ms, never finishing. */
const trickling: Behaviour = (socket) =>
  socket.once('data', () => {
    socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/x-amz-json-1.0\r\nContent-Length: 100000\r\n\r\n{');
    const timer = setInterval(() => socket.write(' '), 100);
    socket.once('close', () => clearInterval(timer));
  });

interface MisbehavingServer {
  endpoint: string;
  connections: () => number;
  close: () => Promise<void>;
}

const misbehaving = async (behaviour: Behaviour): Promise<MisbehavingServer> => {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => sockets.delete(socket));
    behaviour(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
};

const config = (endpoint: string) => ({
  endpoint,
  region: 'ca-central-1',
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
});

/** One call per factory, as the code that uses it makes it. */
const CALLS = {
  dynamodb: (endpoint: string) =>
    createDynamoClient(config(endpoint)).send(new GetItemCommand({ TableName: 'Leads', Key: { id: { S: 'x' } } })),
  ses: (endpoint: string) =>
    createSesClient(config(endpoint)).send(new SendRawEmailCommand({ RawMessage: { Data: Buffer.from('x') } })),
  sqs: (endpoint: string) =>
    createSqsClient(config(endpoint)).send(new SendMessageCommand({ QueueUrl: `${endpoint}/1/q`, MessageBody: 'x' })),
  scheduler: (endpoint: string) =>
    createSchedulerClient(config(endpoint)).send(new DeleteScheduleCommand({ Name: 'x', GroupName: 'g' })),
  secretsManager: (endpoint: string) =>
    createSecretsManagerClient(config(endpoint)).send(new GetSecretValueCommand({ SecretId: 'x' })),
  cloudFormation: (endpoint: string) =>
    createCloudFormationClient(config(endpoint)).send(new DescribeStacksCommand({ StackName: 'x' })),
  s3: (endpoint: string) =>
    createS3Client({ ...config(endpoint), forcePathStyle: true }).send(
      new PutObjectCommand({ Bucket: 'site', Key: 'newsletter/index.html', Body: 'x' }),
    ),
  cloudFront: (endpoint: string) =>
    createCloudFrontClient(config(endpoint)).send(
      new CreateInvalidationCommand({
        DistributionId: 'x',
        InvalidationBatch: { CallerReference: 'x', Paths: { Quantity: 1, Items: ['/newsletter'] } },
      }),
    ),
  // The service's endpoint rules put the ARN's account before the host (no IP endpoint), so the
  // endpoint is given as the rules would answer it, signing with SigV4a as in AWS.
  keyValueStore: (endpoint: string) =>
    createKeyValueStoreClient({
      ...config(endpoint),
      endpoint: undefined,
      endpointProvider: () => ({
        url: new URL(endpoint),
        properties: {
          authSchemes: [
            {
              name: 'sigv4a',
              signingName: 'cloudfront-keyvaluestore',
              signingRegion: '*',
              signingRegionSet: ['*'],
              properties: {},
            },
          ],
        },
      }),
    }).send(new DescribeKeyValueStoreCommand({ KvsARN: 'arn:aws:cloudfront::111111111111:key-value-store/x' })),
  lambda: (endpoint: string) =>
    createLambdaClient(config(endpoint)).send(new InvokeCommand({ FunctionName: 'x', InvocationType: 'Event' })),
} satisfies Record<keyof typeof CALL_BUDGETS, (endpoint: string) => Promise<unknown>>;

const services = Object.keys(CALLS) as (keyof typeof CALLS)[];

const BEHAVIOURS = { 'accepts and never answers': silent, 'answers one byte at a time': trickling };
const cases = Object.keys(BEHAVIOURS).flatMap((behaviour) => services.map((service) => [behaviour, service] as const));

// All at once: each case waits out its service's whole budget.
it.concurrent.each(cases)(
  'a server that %s: %s ends the call with a TimeoutError after its budgeted attempts',
  async (behaviour, service) => {
    const server = await misbehaving(BEHAVIOURS[behaviour as keyof typeof BEHAVIOURS]);
    try {
      const error = await CALLS[service](server.endpoint).then(
        () => new Error('the call succeeded'),
        (failure: Error) => failure,
      );
      expect(error.name).toBe('TimeoutError');
      // A call that is not idempotent (SES) is never repeated after a timeout: it may have been acted on.
      const budget: CallBudget = CALL_BUDGETS[service];
      expect(server.connections()).toBe(budget.retryOnlyRefusals ? 1 : budget.attempts);
    } finally {
      await server.close();
    }
  },
);

describe('SES: a refused attempt is repeated, within the budget', () => {
  const sesError = (code: string) =>
    `<ErrorResponse><Error><Type>Sender</Type><Code>${code}</Code><Message>${code}</Message></Error><RequestId>r</RequestId></ErrorResponse>`;
  const ACCEPTED =
    '<SendRawEmailResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><SendRawEmailResult><MessageId>accepted-1</MessageId></SendRawEmailResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></SendRawEmailResponse>';

  /** An SES that answers each request with the next of `answers` (status, body). */
  const scriptedSes = async (answers: [number, string][]) => {
    let requests = 0;
    const server = createHttpServer((request, response) => {
      request.resume();
      const [status, body] = answers[Math.min(requests, answers.length - 1)]!;
      requests += 1;
      response.writeHead(status, { 'content-type': 'text/xml' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      send: () => CALLS.ses(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      requests: () => requests,
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  };

  it('sends once after two throttled attempts: the third is accepted', async () => {
    const ses = await scriptedSes([
      [400, sesError('Throttling')],
      [503, sesError('ServiceUnavailable')],
      [200, ACCEPTED],
    ]);
    try {
      await expect(ses.send()).resolves.toMatchObject({ MessageId: 'accepted-1' });
      expect(ses.requests()).toBe(3);
    } finally {
      await ses.close();
    }
  });

  it('gives up after its budgeted attempts while throttled, and never repeats a rejection', async () => {
    const throttled = await scriptedSes([[400, sesError('Throttling')]]);
    const rejecting = await scriptedSes([[400, sesError('MessageRejected')]]);
    try {
      await expect(throttled.send()).rejects.toMatchObject({ name: 'Throttling' });
      await expect(rejecting.send()).rejects.toMatchObject({ name: 'MessageRejected' });
      expect([throttled.requests(), rejecting.requests()]).toEqual([CALL_BUDGETS.ses.attempts, 1]);
    } finally {
      await Promise.all([throttled.close(), rejecting.close()]);
    }
  });
});
