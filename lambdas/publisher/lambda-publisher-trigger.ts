import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { createLambdaClient } from '../runtime/aws-clients/lambda';
import { requireEnv } from '../runtime/env';
import type { PublisherTrigger } from './publisher-trigger';

/**
 * An asynchronous invocation (InvocationType Event): Lambda queues the event and answers 202 at
 * once, so a send's launch or an owner's click never waits for the pages; a run that fails is
 * retried twice by Lambda
 * (https://docs.aws.amazon.com/lambda/latest/dg/invocation-async-error-handling.html), and the
 * publisher, a reconciler, may run any number of times (docs/decisions/0052-newsletter-archive.md).
 * No payload: a run publishes everything the tables hold. The local twin answers the same call at
 * its own Lambda endpoint (infra/local/functions/local-lambda.ts).
 */
export const lambdaPublisherTrigger =
  (lambda: LambdaClient, functionName: string): PublisherTrigger =>
  async () => {
    await lambda.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event' }));
  };

/** From the function's environment (CDK: SitePublisher.bindTrigger; the twin: start.ts). */
export const publisherTriggerFromEnv = (): PublisherTrigger =>
  lambdaPublisherTrigger(createLambdaClient(), requireEnv('SITE_PUBLISHER_FUNCTION'));
