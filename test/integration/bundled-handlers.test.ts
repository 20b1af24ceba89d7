/**
 * The Lambda bundles alias parts of the AWS SDK to small stand-ins (infra/constructs/functions.ts:
 * the credential chain, endpoint discovery). This runs handlers as they are deployed — the
 * bundle, not the source — against dynalite, so an SDK update that breaks an alias fails here.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as API_SUCCESS from '#shared/constants/api-success.ts';
import { FUNCTIONS, LAMBDA_BUNDLING, type FunctionName } from '#infra/constructs/functions.ts';
import { signupEvent } from '../unit/lambdas/support/api-events';
import { signupBody } from '../unit/lambdas/support/payloads';
import { leadsOf, uniqueEmail } from './support/local-aws';

const bundleDir = mkdtempSync(path.join(tmpdir(), 'bundled-handlers-'));

const bundled = async (name: FunctionName) => {
  const { alias, banner, format, mainFields, minify, target, platform } = LAMBDA_BUNDLING;
  const result = await build({
    entryPoints: [FUNCTIONS[name].entry],
    bundle: true,
    write: false,
    platform,
    target,
    format,
    mainFields,
    minify,
    alias,
    banner: { js: banner },
  });
  const file = path.join(bundleDir, `${name}.mjs`);
  writeFileSync(file, result.outputFiles[0]!.contents);
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
});
