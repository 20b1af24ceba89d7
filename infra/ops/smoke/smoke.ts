/**
 * `npm run smoke -- <site-url> [--alarm-test] [--stack <name> | --stage <stage>]`: proves a deployed stack, or the
 * local one, from the outside (docs/decisions/0021-smoke-test.md). Prints a table of checks and
 * exits 1 when any failed.
 *
 * Against localhost the sign-up is followed through the local inbox (SES_PORT, as `npm start`);
 * elsewhere it goes to SES's mailbox simulator, and the output says what that cannot prove.
 */
import { checkAlarmReachesTopic } from './alarm-test';
import { checkCloudMailFlow, checkLocalMailFlow } from './mail-checks';
import { Results } from './results';
import { parseSmokeArgs } from './smoke-args';
import { checkSite } from './site-checks';

const isLocal = (base: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(base.hostname);

async function main() {
  const { base, alarmTest, stackName } = parseSmokeArgs(process.argv.slice(2));
  const results = new Results();
  const notes: string[] = [];

  await checkSite(base, results);
  if (isLocal(base)) await checkLocalMailFlow(base, results);
  else notes.push(...(await checkCloudMailFlow(base, results)));
  if (alarmTest) await checkAlarmReachesTopic(stackName, results);

  console.log(`Smoke test of ${base.origin}\n\n${results.table()}\n`);
  for (const note of notes) console.log(`Note: ${note}`);
  console.log(`${results.rows.length - results.failed} passed, ${results.failed} failed.`);
  process.exitCode = results.failed === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exitCode = 2;
});
