/**
 * The twin's IAM: every AWS call a function makes is evaluated against that function's role from
 * the synthesized template (docs/decisions/0041-iam-enforced-twin.md), and a call the role does not
 * allow fails as the service fails it in AWS, with its own error name and status, so the function's
 * error handling runs on it as it would there. Each denial is logged with the function, the
 * action, the resource and the statement its role lacks.
 */
import type { IncomingMessage } from 'node:http';
import type { FunctionName } from '#infra/cdk/constructs/functions.ts';
import { callerOf } from './function-identity';
import { functionRoles, type FunctionRoles } from './function-roles';
import { createPolicyEvaluator, type AccessRequest } from './policy-evaluator';
import { synthesizedTemplate, type CfnTemplate } from './template-cache';
import {
  dynamoRequests,
  lambdaRequests,
  s3Requests,
  schedulerRequests,
  secretsManagerRequests,
  sesRequests,
  sqsRequests,
  type WireRequest,
} from './wire-requests';
import { escapeXml } from '#shared/escape-html.ts';

/** The services whose calls reach a twin endpoint over HTTP. */
export type WireService = 'dynamodb' | 'ses' | 'sqs' | 'lambda' | 'scheduler' | 'secretsmanager' | 's3';

/** An HTTP answer to send instead of forwarding the call. */
export interface DenialAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a stand-in that is not reached over HTTP (the publisher's site writes) throws on a denial. */
export class AccessDeniedError extends Error {
  override name = 'AccessDenied';
  readonly $metadata = { httpStatusCode: 403 };
}

/** Each service's access-denied answer, as AWS sends it. */
const ANSWERS: Record<WireService, (message: string) => DenialAnswer> = {
  // https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.Errors.html (400, AccessDeniedException)
  dynamodb: (message) => ({
    status: 400,
    headers: { 'content-type': 'application/x-amz-json-1.0' },
    body: JSON.stringify({ __type: 'com.amazon.coral.service#AccessDeniedException', Message: message }),
  }),
  // https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-json-api-responses.html
  sqs: (message) => ({
    status: 403,
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-query-error': 'AccessDenied;Sender' },
    body: JSON.stringify({ __type: 'com.amazon.coral.service#AccessDeniedException', message }),
  }),
  // SES's query API answers an XML ErrorResponse with the code AccessDenied.
  ses: (message) => ({
    status: 403,
    headers: { 'content-type': 'text/xml' },
    body: `<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>${escapeXml(message)}</Message></Error><RequestId>twin</RequestId></ErrorResponse>`,
  }),
  lambda: (message) => ({
    status: 403,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': 'AccessDeniedException' },
    body: JSON.stringify({ Type: 'User', Message: message }),
  }),
  scheduler: (message) => ({
    status: 403,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': 'AccessDeniedException' },
    body: JSON.stringify({ Message: message }),
  }),
  // S3's REST error (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html): 403 AccessDenied.
  s3: (message) => ({
    status: 403,
    headers: { 'content-type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${escapeXml(message)}</Message></Error>`,
  }),
  // JSON 1.1: the error's name in __type (https://docs.aws.amazon.com/secretsmanager/latest/apireference/CommonErrors.html).
  secretsmanager: (message) => ({
    status: 400,
    headers: { 'content-type': 'application/x-amz-json-1.1' },
    body: JSON.stringify({ __type: 'AccessDeniedException', Message: message }),
  }),
};

const READERS: Record<WireService, (request: WireRequest, roles: FunctionRoles) => AccessRequest[]> = {
  dynamodb: dynamoRequests,
  ses: sesRequests,
  sqs: sqsRequests,
  lambda: lambdaRequests,
  scheduler: schedulerRequests,
  secretsmanager: secretsManagerRequests,
  s3: s3Requests,
};

export interface IamEnforcementOptions {
  /** The template to enforce; by default the deployed app's, synthesized (template-cache.ts). */
  template?: CfnTemplate;
  /**
   * The functions' environment, which names the local resources; by default this process's, read
   * at the first call (after the stack has set it).
   */
  env?: NodeJS.ProcessEnv;
  /** Where denials are reported; by default the console's error stream. */
  report?: (line: string) => void;
  /** False lets every call through (LOCAL_IAM_ENFORCEMENT=off: the bench's comparison only). */
  enforce?: boolean;
}

/** The twin's IAM, as its endpoints and stand-ins use it. */
export interface IamEnforcement {
  /** Each function's role as enforced. */
  roles(): FunctionRoles;
  /**
   * For an endpoint of `service`: the denial to answer a labelled call with, or undefined to
   * let it through (allowed, or made with the caller's own credentials).
   */
  guard(
    service: WireService,
  ): (incoming: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, body: Buffer) => Promise<DenialAnswer | undefined>;
  /** For a stand-in called in-process: throws AccessDeniedError when `name`'s role does not allow every request. */
  authorize(name: FunctionName | undefined, requests: AccessRequest[]): Promise<void>;
}

/** What `enforce: false` gives: every call let through, nothing synthesized. */
const passThrough: IamEnforcement = {
  roles: (): FunctionRoles => ({ statements: new Map(), roleNames: new Map(), partitionKeys: new Map() }),
  guard: () => async () => undefined,
  authorize: async () => undefined,
};

export function createIamEnforcement(options: IamEnforcementOptions = {}): IamEnforcement {
  if (options.enforce === false) return passThrough;
  // Synthesized now (seconds, blocking) rather than inside the first call.
  const template = options.template ?? synthesizedTemplate();
  let made: { roles: FunctionRoles; evaluator: ReturnType<typeof createPolicyEvaluator> } | undefined;
  const rolesAndEvaluator = () => {
    if (!made) {
      const roles = functionRoles(template, options.env ?? process.env);
      made = { roles, evaluator: createPolicyEvaluator(roles) };
    }
    return made;
  };
  const report = options.report ?? ((line: string) => console.error(line));

  /** The first of `requests` the role of `name` does not allow, with AWS's message for it. */
  const firstDenial = async (name: FunctionName, requests: AccessRequest[]) => {
    for (const request of requests) {
      const decision = await rolesAndEvaluator().evaluator.decide(name, request);
      if (decision.allowed) continue;
      const why = decision.explicit
        ? 'with an explicit deny in an identity-based policy'
        : `because no identity-based policy allows the ${request.action} action`;
      const context = request.context ? ` with ${JSON.stringify(request.context)}` : '';
      report(
        `[iam] ${name} denied ${request.action} on ${request.resource}${context}: ${
          decision.explicit
            ? 'a Deny statement of its role matches'
            : `its role lacks ${JSON.stringify({ Effect: 'Allow', Action: request.action, Resource: request.resource })}`
        }`,
      );
      return `User: ${decision.principal} is not authorized to perform: ${request.action} on resource: ${request.resource} ${why}`;
    }
    return undefined;
  };

  return {
    roles: () => rolesAndEvaluator().roles,
    guard(service) {
      return async (incoming, body) => {
        const name = callerOf(incoming.headers);
        if (!name) return undefined;
        const wire = { method: incoming.method ?? 'GET', url: incoming.url ?? '/', headers: incoming.headers, body };
        const message = await firstDenial(name, READERS[service](wire, rolesAndEvaluator().roles));
        return message === undefined ? undefined : ANSWERS[service](message);
      };
    },
    async authorize(name, requests) {
      if (!name) return;
      const message = await firstDenial(name, requests);
      if (message !== undefined) throw new AccessDeniedError(message);
    },
  };
}
