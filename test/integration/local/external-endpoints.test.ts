import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { get } from 'node:http';
import { LEADS_TABLE } from '#infra/cdk/constructs/table-definitions.ts';
import { localDynamoClient, readCapturedEmails } from '#infra/local/services.ts';
import { apiPath } from '#shared/paths.ts';
import { readFaults, setFault } from '../../support/faults';
import { reuseBuildIfPresent, startLocalStack } from '../../support/local-stack';
import { stackPerFile } from '../../support/stack-per-file';
import { signupBody } from '#test/support/payloads.ts';

jest.setTimeout(120_000);

/** The emulators global-setup.ts started stand in for "another implementation" the caller runs. */
const external = { dynamodb: process.env.AWS_ENDPOINT_URL_DYNAMODB!, ses: process.env.AWS_ENDPOINT_URL_SES! };

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => resolve(res.resume() && true)).on('error', () =>
      resolve(false),
    );
  });

const signup = (baseUrl: string, email: string) =>
  fetch(new URL(apiPath('signup'), baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signupBody({ email })),
  });

describe('npm start with AWS_ENDPOINT_URL_DYNAMODB and AWS_ENDPOINT_URL_SES set', () => {
  const stack = stackPerFile(() =>
    startLocalStack(reuseBuildIfPresent(), {
      env: { AWS_ENDPOINT_URL_DYNAMODB: external.dynamodb, AWS_ENDPOINT_URL_SES: external.ses },
    }),
  );

  it('uses the given endpoints instead of starting emulators, and says so', async () => {
    const { stdout } = stack().output();
    expect(stdout).toContain(`Email inbox    ${external.ses}   (from AWS_ENDPOINT_URL_SES)`);
    expect(stdout).toContain(`DynamoDB       ${external.dynamodb}   (from AWS_ENDPOINT_URL_DYNAMODB)`);
    expect(await listening(stack().placement.dynamoPort)).toBe(false);
    expect(await listening(stack().placement.sesPort)).toBe(false);
    expect(stack().inboxUrl).toBe(external.ses);
  });

  it('stores leads in the given DynamoDB and sends their email to the given SES', async () => {
    const email = `external.${Date.now()}@example.ca`;
    expect((await signup(stack().baseUrl, email)).status).toBe(200);
    const db = localDynamoClient(external.dynamodb);
    const { Items = [] } = await db.send(
      new ScanCommand({
        TableName: LEADS_TABLE.logicalName,
        FilterExpression: 'email = :email',
        ExpressionAttributeValues: { ':email': { S: email } },
      }),
    );
    db.destroy();
    expect(Items).toHaveLength(1);
    const deadline = Date.now() + 30_000;
    while (!(await readCapturedEmails(external.ses)).some((mail) => mail.destination.to.includes(email))) {
      if (Date.now() > deadline) throw new Error(`No email to ${email} reached the given SES`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  it('puts the fault switch in front of the given endpoints', async () => {
    await setFault(stack().baseUrl, { service: 'dynamodb' });
    expect((await signup(stack().baseUrl, `refused.${Date.now()}@example.ca`)).status).toBe(503);
    expect((await readFaults(stack().baseUrl)).dynamodb?.injected).toBeGreaterThan(0);
  });
});
