import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FunctionName } from '../../cdk/constructs/functions';
import { runAs } from './iam/function-identity';
import type { IamEnforcement } from './iam/iam-enforcement';
import { readBody } from '../services';

/** Where the twin answers Lambda's Invoke API (AWS_ENDPOINT_URL_LAMBDA points here). */
export const LOCAL_LAMBDA_PREFIX = '/_local-lambda';

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/**
 * The twin's stand-in for Lambda's Invoke of an asynchronous (InvocationType Event) call: 202 at
 * once and the function run after, as Lambda queues the event
 * (https://docs.aws.amazon.com/lambda/latest/dg/invocation-async.html), with the request's
 * payload (JSON) as its event, none when empty. Only the functions given here, only Event:
 * nothing of ours waits for another function's answer. The caller's role must allow
 * lambda:InvokeFunction on it, and the function then runs as itself.
 */
export function createLocalLambda(
  functions: Partial<Record<FunctionName, (event: unknown) => unknown>>,
  iam: Pick<IamEnforcement, 'guard'>,
) {
  const guard = iam.guard('lambda');
  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const body = await readBody(req);
    const denial = await guard(req, body);
    if (denial) return void res.writeHead(denial.status, denial.headers).end(denial.body);
    const name = decodeURIComponent(url.pathname.slice(LOCAL_LAMBDA_PREFIX.length).match(INVOKE_PATH)?.[1] ?? '');
    const run = functions[name as FunctionName];
    const refuse = (status: number, type: string, message: string) => {
      res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
      res.end(JSON.stringify({ Type: 'User', message }));
    };
    if (req.method !== 'POST' || !run) return refuse(404, 'ResourceNotFoundException', `Function not found: ${name}`);
    if (req.headers['x-amz-invocation-type'] !== 'Event')
      return refuse(400, 'InvalidParameterValueException', 'The local twin runs functions asynchronously only');
    const event: unknown = body.length > 0 ? JSON.parse(body.toString('utf8')) : undefined;
    res.writeHead(202);
    res.end();
    runAs(name as FunctionName, () => run(event));
  };
}
