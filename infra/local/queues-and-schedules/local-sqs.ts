import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IamEnforcement } from '../functions/iam/iam-enforcement';
import { LOCAL_ACCOUNT } from '../functions/iam/local-arns';
import { readBody } from '../services';

/** Where the twin answers SQS's JSON API (AWS_ENDPOINT_URL_SQS and the queues' URLs point here). */
export const LOCAL_SQS_PREFIX = '/_local-sqs';

/** A queue's URL on the twin, as SQS writes one: <endpoint>/<account>/<name>. */
export const localQueueUrl = (siteOrigin: string, name: string) =>
  `${siteOrigin}${LOCAL_SQS_PREFIX}/${LOCAL_ACCOUNT}/${name}`;

/** What the twin does with a queue's messages: the local campaign queue takes them. */
export type QueueSink = (bodies: string[]) => void;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * The twin's stand-in for SQS's SendMessage and SendMessageBatch (the JSON protocol the SDK
 * speaks: https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-json-api-responses.html),
 * so the functions put messages on a queue with their own code and their own role: each call is
 * authorized first (iam-enforcement.ts). The answer carries each body's MD5, which the SDK checks.
 */
export function createLocalSqs(queues: Record<string, QueueSink>, iam: Pick<IamEnforcement, 'guard'>) {
  const guard = iam.guard('sqs');
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
      void res
        .writeHead(status, { 'content-type': 'application/x-amz-json-1.0', ...headers })
        .end(JSON.stringify(payload));
    const denial = await guard(req, body);
    if (denial) return void res.writeHead(denial.status, denial.headers).end(denial.body);
    const operation = String(req.headers['x-amz-target'] ?? '')
      .split('.')
      .pop();
    const input = JSON.parse(body.toString('utf8') || '{}') as {
      QueueUrl?: string;
      MessageBody?: string;
      Entries?: { Id: string; MessageBody: string }[];
    };
    const sink =
      queues[
        String(input.QueueUrl ?? '')
          .split('/')
          .pop() ?? ''
      ];
    if (!sink)
      return answer(
        400,
        { __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: 'The specified queue does not exist.' },
        { 'x-amzn-query-error': 'AWS.SimpleQueueService.NonExistentQueue;Sender' },
      );
    if (operation === 'SendMessage') {
      sink([input.MessageBody ?? '']);
      return answer(200, { MessageId: randomUUID(), MD5OfMessageBody: md5(input.MessageBody ?? '') });
    }
    if (operation === 'SendMessageBatch') {
      const entries = input.Entries ?? [];
      sink(entries.map((entry) => entry.MessageBody));
      return answer(200, {
        Successful: entries.map((entry) => ({
          Id: entry.Id,
          MessageId: randomUUID(),
          MD5OfMessageBody: md5(entry.MessageBody),
        })),
        Failed: [],
      });
    }
    return answer(400, {
      __type: 'com.amazonaws.sqs#UnsupportedOperation',
      message: `The twin does not answer ${operation}`,
    });
  };
}
