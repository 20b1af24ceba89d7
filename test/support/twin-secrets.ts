/**
 * The twin's Secrets Manager for a test that runs the API dispatcher without `npm start`: the API
 * authorizer reads the origin-verify secret from it by ORIGIN_VERIFY_SECRET_ARN, as `npm start`
 * sets it (infra/local/functions/local-secrets.ts). Resolves with the function that stops it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalSecretsManager, LOCAL_SECRETS_PREFIX } from '#infra/local/functions/local-secrets.ts';
import { LOCAL_ORIGIN_SECRET_ARN, localSecrets } from '#infra/local/api/origin-verify.ts';

export async function startTwinSecrets(): Promise<() => Promise<void>> {
  const answer = createLocalSecretsManager(localSecrets(), { guard: () => async () => undefined });
  const server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    ORIGIN_VERIFY_SECRET_ARN: LOCAL_ORIGIN_SECRET_ARN,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${(server.address() as AddressInfo).port}${LOCAL_SECRETS_PREFIX}`,
    AWS_REGION: process.env.AWS_REGION ?? 'ca-central-1',
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
  });
  return () => new Promise((resolve) => server.close(() => resolve()));
}
