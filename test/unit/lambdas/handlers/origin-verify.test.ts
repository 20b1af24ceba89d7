import '#test/unit/support/env.ts';
import { mockClient, type AwsClientStub } from 'aws-sdk-client-mock';
import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerResult } from 'aws-lambda';
import { secretEquals } from '#lambdas/runtime/secret-equals.ts';
import { ORIGIN_VERIFY_HEADER } from '#shared/origin-headers.ts';

const SECRET_ARN = 'arn:aws:secretsmanager:ca-central-1:111111111111:secret:OriginVerify-AbCdEf';
const SECRET = 'k3Jq9ZxV2mW8pL4nR7tY1uB6cH0dF5gA';
type Authorizer = (event: APIGatewayRequestAuthorizerEventV2) => Promise<APIGatewaySimpleAuthorizerResult>;
type SecretsManagerModule = typeof import('@aws-sdk/client-secrets-manager');

/**
 * Loads the handler afresh, as a cold start does (it reads its variables and caches the secret
 * per module load), with Secrets Manager mocked in the same module registry.
 */
function coldStart(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  let handler!: Authorizer;
  let sdk!: SecretsManagerModule;
  let secretsManager!: AwsClientStub<InstanceType<SecretsManagerModule['SecretsManagerClient']>>;
  jest.isolateModules(() => {
    sdk = require('@aws-sdk/client-secrets-manager');
    secretsManager = mockClient(sdk.SecretsManagerClient);
    secretsManager.on(sdk.GetSecretValueCommand, { SecretId: SECRET_ARN }).resolves({ SecretString: SECRET });
    ({ handler } = require('#lambdas/handlers/origin-verify.ts'));
  });
  const secretReads = () => secretsManager.commandCalls(sdk.GetSecretValueCommand).length;
  return { handler, secretsManager, sdk, secretReads };
}

const request = (headers: Record<string, string> = {}): APIGatewayRequestAuthorizerEventV2 =>
  ({
    version: '2.0',
    type: 'REQUEST',
    routeArn: 'arn:aws:execute-api:ca-central-1:111111111111:api/$default/POST/api/signup',
    identitySource: [],
    routeKey: 'POST /api/signup',
    rawPath: '/api/signup',
    rawQueryString: '',
    headers,
    requestContext: {
      http: { method: 'POST', path: '/api/signup', protocol: 'HTTP/1.1', sourceIp: '198.51.100.7', userAgent: 'curl' },
    },
  }) as unknown as APIGatewayRequestAuthorizerEventV2;

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('origin-verify authorizer (Secrets Manager)', () => {
  const cloud = () => coldStart({ ORIGIN_VERIFY_SECRET_ARN: SECRET_ARN });
  const load = () => cloud().handler;

  it('allows a request carrying the secret CloudFront adds', async () => {
    await expect(load()(request({ [ORIGIN_VERIFY_HEADER]: SECRET }))).resolves.toEqual({ isAuthorized: true });
  });

  it.each([
    ['a wrong secret of the same length', `${SECRET.slice(0, -1)}x`],
    ['a prefix of the secret', SECRET.slice(0, 8)],
    ['the secret with a suffix', `${SECRET}x`],
    ['an empty value', ''],
  ])('refuses %s', async (_, value) => {
    await expect(load()(request({ [ORIGIN_VERIFY_HEADER]: value }))).resolves.toEqual({ isAuthorized: false });
  });

  it('refuses a request without the header (the execute-api URL called directly) and logs it', async () => {
    await expect(load()(request())).resolves.toEqual({ isAuthorized: false });
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('"sourceIp":"198.51.100.7"'));
  });

  it('reads the secret once per cold start, not per request', async () => {
    const { handler, secretReads } = cloud();
    for (let i = 0; i < 3; i += 1) await handler(request({ [ORIGIN_VERIFY_HEADER]: SECRET }));
    expect(secretReads()).toBe(1);
  });

  it('fails closed when the secret cannot be read, and reads it again on the next request', async () => {
    const { handler, secretsManager, sdk } = cloud();
    secretsManager.on(sdk.GetSecretValueCommand).rejectsOnce(new Error('throttled')).resolves({ SecretString: SECRET });
    await expect(handler(request({ [ORIGIN_VERIFY_HEADER]: SECRET }))).rejects.toThrow('throttled');
    await expect(handler(request({ [ORIGIN_VERIFY_HEADER]: SECRET }))).resolves.toEqual({ isAuthorized: true });
  });

  it('does not start without a secret to check against', () => {
    expect(() => coldStart({ ORIGIN_VERIFY_SECRET_ARN: undefined })).toThrow(
      'Missing required environment variable ORIGIN_VERIFY_SECRET_ARN',
    );
  });
});

describe('secretEquals', () => {
  it('is true only for the identical string', () => {
    expect(secretEquals(SECRET, SECRET)).toBe(true);
    expect(secretEquals(SECRET.toUpperCase(), SECRET)).toBe(false);
    expect(secretEquals(undefined, SECRET)).toBe(false);
  });

  it('never matches an empty expected secret (a misconfiguration must not open the API)', () => {
    expect(secretEquals('', '')).toBe(false);
  });

  it('compares fixed-length digests with timingSafeEqual, so neither length nor content leaks timing', () => {
    const crypto = require('node:crypto') as typeof import('node:crypto');
    const compare = jest.spyOn(crypto, 'timingSafeEqual');
    secretEquals('short', SECRET);
    secretEquals(`${SECRET}-much-longer-than-the-secret`, SECRET);
    expect(compare).toHaveBeenCalledTimes(2);
    for (const [a, b] of compare.mock.calls) expect([(a as Buffer).length, (b as Buffer).length]).toEqual([32, 32]);
  });
});
