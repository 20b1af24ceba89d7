import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { get } from 'node:http';
import { LEADS_TABLE } from '#infra/cdk/constructs/table-definitions.ts';
import { localDynamoClient } from '#infra/local/services.ts';
import { apiPath } from '#shared/paths.ts';
import { readFaults, setFault } from '../../support/faults';
import { LIMITS_LIFTED, reuseBuildIfPresent, startLocalStack, type RunningStack } from '../../support/local-stack';
import { signupBody } from '#test/support/payloads.ts';

jest.setTimeout(180_000);

const SIGNUPS = 8;

const until = async (condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** A new connection, not one from fetch's keep-alive pool. */
const connectsAt = (port: number) =>
  new Promise<boolean>((resolve) => {
    get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => resolve(res.resume() && true)).on('error', () =>
      resolve(false),
    );
  });

const leadsStored = async (dynamoUrl: string) => {
  const db = localDynamoClient(dynamoUrl);
  try {
    const { Count } = await db.send(
      new ScanCommand({
        TableName: LEADS_TABLE.logicalName,
        FilterExpression: '#kind = :lead',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':lead': { S: 'lead' } },
        Select: 'COUNT',
      }),
    );
    return Count;
  } finally {
    db.destroy();
  }
};

describe('npm start: graceful shutdown', () => {
  let stack: RunningStack | undefined;
  afterAll(() => stack?.stop());

  it('on SIGTERM finishes the requests in flight, refuses new connections, closes the stores and exits 0; a restart finds the data', async () => {
    stack = await startLocalStack(reuseBuildIfPresent(), { env: { ...LIMITS_LIFTED } });
    // Slow DynamoDB keeps the sign-ups in flight when the signal arrives.
    await setFault(stack.baseUrl, { service: 'dynamodb', mode: 'slow', delayMs: 500 });
    const signups = Array.from({ length: SIGNUPS }, (_, i) =>
      fetch(new URL(apiPath('signup'), stack!.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(signupBody({ email: `shutdown.${i}.${Date.now()}@example.ca` })),
      }),
    );
    const baseUrl = stack.baseUrl;
    await until(
      async () => ((await readFaults(baseUrl)).dynamodb?.injected ?? 0) >= SIGNUPS,
      'every sign-up to reach DynamoDB',
    );

    const exit = stack.kill('SIGTERM');
    await until(() => stack!.output().stdout.includes('SIGTERM: finishing'), 'the stack to start stopping');
    expect(await connectsAt(stack.placement.sitePort)).toBe(false);

    const answers = await Promise.all(signups);
    expect(answers.map((answer) => answer.status)).toEqual(Array(SIGNUPS).fill(200));
    const { code, signal, stdout, stderr } = await exit;
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
    expect(stdout).toContain('Stopped.');

    stack = await startLocalStack(reuseBuildIfPresent(), { placement: stack.placement });
    expect(await leadsStored(stack.dynamoUrl)).toBe(SIGNUPS);
    const again = await stack.kill('SIGINT');
    expect({ code: again.code, stderr: again.stderr }).toEqual({ code: 0, stderr: '' });
  });
});
