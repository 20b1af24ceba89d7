/**
 * The Lambda bundles alias parts of the AWS SDK to small stand-ins (infra/cdk/constructs/lambda-build.ts:
 * the credential chain, endpoint discovery) and split what is imported later into chunks. This
 * runs handlers as they are deployed — the bundle, not the source — against dynalite, so an SDK update that breaks an alias fails here.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as API_SUCCESS from '#shared/constants/api-success.ts';
import { FUNCTIONS, type FunctionName } from '#infra/cdk/constructs/functions.ts';
import { LAMBDA_ENTRY_FILE, lambdaBuildOptions } from '#infra/cdk/constructs/lambda-build.ts';
import { CONSOLE_AUTH_ROUTES } from '#shared/console/sign-in.ts';
import { VALIDATION } from '#shared/constants/messages.ts';
import { jsonEvent, signupEvent } from '#test/support/api-events.ts';
import { signupBody } from '#test/support/payloads.ts';
import { leadsOf, siteUrl, uniqueEmail } from './support/local-aws';

const bundleDir = mkdtempSync(path.join(tmpdir(), 'bundled-handlers-'));

const bundled = async (name: FunctionName) => {
  const outdir = path.join(bundleDir, name);
  await build({ ...lambdaBuildOptions(FUNCTIONS[name].entry, outdir), logLevel: 'silent' });
  const file = path.join(outdir, LAMBDA_ENTRY_FILE);
  // Run in a plain Node process, as Lambda loads it: an ES module, outside jest's module system.
  return (event: unknown) => {
    const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)});
      process.stdout.write(JSON.stringify(await handler(${JSON.stringify(event)}, {})));
      process.exit(0);`;
    // Asynchronous: dynalite may run in this very process (jest's global setup) and must answer.
    const run = promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env: process.env,
      timeout: 30_000,
    });
    return run.then(({ stdout }) => JSON.parse(stdout));
  };
};

describe('the deployed bundles', () => {
  it('store a sign-up through the bundled handler, SDK aliases and all', async () => {
    const handler = await bundled('signup');
    const email = uniqueEmail('bundle');

    const answer = await handler(signupEvent(signupBody({ email })));

    expect(answer).toMatchObject({ statusCode: 200, body: JSON.stringify({ success: API_SUCCESS.signedUp }) });
    expect(await leadsOf(email)).toHaveLength(1);
  });

  it("check a console body with the chunks the sign-in reads at its first use (yup, the schemas), beside the bundle's entry", async () => {
    const handler = await bundled('consoleAuth');
    const { method, path: routePath } = CONSOLE_AUTH_ROUTES.enrolmentLink;

    const answer = await handler(
      jsonEvent({
        routeKey: 'ANY /api/admin/auth/{proxy+}',
        method,
        path: routePath,
        headers: { origin: siteUrl },
        json: { email: 'not an address' },
      }),
    );

    expect(answer).toMatchObject({ statusCode: 400, body: JSON.stringify({ message: VALIDATION.emailInvalid }) });
  });
});
