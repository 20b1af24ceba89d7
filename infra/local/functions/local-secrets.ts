import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IamEnforcement } from './iam/iam-enforcement';
import { readBody } from '../services';

/** Where the twin answers Secrets Manager (AWS_ENDPOINT_URL_SECRETS_MANAGER points here). */
export const LOCAL_SECRETS_PREFIX = '/_local-secrets';

/**
 * The twin's Secrets Manager: GetSecretValue of the secrets it holds (by ARN), as the service's
 * JSON protocol answers it (https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_GetSecretValue.html),
 * each call held to the caller's role first; an unknown secret is a ResourceNotFoundException.
 */
export function createLocalSecretsManager(secrets: Record<string, string>, iam: Pick<IamEnforcement, 'guard'>) {
  const guard = iam.guard('secretsmanager');
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const answer = (status: number, payload: object) =>
      void res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(payload));
    const denial = await guard(req, body);
    if (denial) return void res.writeHead(denial.status, denial.headers).end(denial.body);
    const operation = String(req.headers['x-amz-target'] ?? '')
      .split('.')
      .pop();
    const { SecretId = '' } = JSON.parse(body.toString('utf8') || '{}') as { SecretId?: string };
    if (operation !== 'GetSecretValue')
      return answer(400, {
        __type: 'InvalidRequestException',
        Message: `The twin answers GetSecretValue only, not ${operation}`,
      });
    const value = secrets[SecretId];
    if (value === undefined)
      return answer(400, {
        __type: 'ResourceNotFoundException',
        Message: "Secrets Manager can't find the specified secret.",
      });
    return answer(200, { ARN: SecretId, Name: SecretId.split(':').pop(), SecretString: value, VersionId: 'twin' });
  };
}
