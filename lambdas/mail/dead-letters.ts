import { appendFile } from 'node:fs/promises';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { createSqsClient } from '../runtime/aws-clients/sqs';
import { optionalEnv } from '../runtime/env';

/** What an operator needs to act on a lead whose mail finally failed. */
export interface DeadLetter {
  leadId: string;
  failedParts: string[];
  attempts: number;
  lastMailError: string;
  at: number;
}

/** A lead's dead letter by default; campaign sends report their own shape (lambdas/campaigns). */
export type DeadLetterSink<T = DeadLetter> = (entry: T) => Promise<void>;

/**
 * Where finally failed leads are reported, besides the lead's own `failed` state: the mailer's
 * dead-letter queue in AWS (its depth alarm tells the operators), or, in the local stack, which
 * has no SQS, a JSON-lines file. `npm run mail:redrive` puts the leads back into delivery.
 */
export const deadLetterSinkFromEnv = <T = DeadLetter>(): DeadLetterSink<T> => {
  const queueUrl = optionalEnv('MAIL_DEAD_LETTER_QUEUE_URL');
  if (queueUrl) {
    const sqs = createSqsClient();
    return async (entry) => {
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(entry) }));
    };
  }
  const file = optionalEnv('MAIL_DEAD_LETTER_FILE');
  if (file) return (entry) => appendFile(file, `${JSON.stringify(entry)}\n`);
  throw new Error(
    'Missing required environment variable MAIL_DEAD_LETTER_QUEUE_URL (or MAIL_DEAD_LETTER_FILE in the local stack)',
  );
};
