import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { createLambdaClient } from '../../runtime/aws-clients/lambda';
import { requireEnv } from '../../runtime/env';
import * as log from '../../runtime/log';

/** Asks for a run of the newsletter archive's publisher, without waiting for it. */
export type ArchiveTrigger = () => Promise<void>;

/**
 * An asynchronous invocation (InvocationType Event): Lambda queues the event and answers 202 at
 * once, so a send's launch or an owner's click never waits for the pages; a run that fails is
 * retried twice by Lambda
 * (https://docs.aws.amazon.com/lambda/latest/dg/invocation-async-error-handling.html), and the
 * publisher, a reconciler, may run any number of times (docs/decisions/0052-newsletter-archive.md).
 * The local twin answers the same call at its own Lambda endpoint (infra/local/local-lambda.ts).
 */
export const lambdaArchiveTrigger =
  (lambda: LambdaClient, functionName: string): ArchiveTrigger =>
  async () => {
    await lambda.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event' }));
  };

/** From the function's environment (CDK: NewsletterPublisher.bindTrigger; the twin: start.ts). */
export const archiveTriggerFromEnv = (): ArchiveTrigger =>
  lambdaArchiveTrigger(createLambdaClient(), requireEnv('NEWSLETTER_PUBLISHER_FUNCTION'));

/**
 * Asks for a run after a change the archive may show (a send started, `publish` switched); true
 * when Lambda took the request. A failed request is logged and answers false, never throws: the
 * change is stored already, and the publisher reads the table whole, so its next run (any later
 * send or switch) publishes it.
 */
export const requestArchiveRun = async (trigger: ArchiveTrigger, campaign: string): Promise<boolean> => {
  try {
    await trigger();
    return true;
  } catch (error) {
    log.error('Newsletter archive run not requested; the next run publishes the change', { campaign, error });
    return false;
  }
};
