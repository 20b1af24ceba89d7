import { parseStage, stackNameOf } from '../../cdk/bin/stage';
import { parseCommandLine } from '../command-line';

const USAGE = 'Usage: npm run smoke -- <site-url> [--alarm-test] [--stack <stack-name>] [--stage <stage>]';

/**
 * `npm run smoke`'s arguments: the site's URL, whether to test an alarm, and on which stack:
 * `--stack` by name, or `--stage` by the stage infra/cdk/bin/app.ts named it after; prod's by default.
 */
export function parseSmokeArgs(argv: string[]) {
  const { values, positionals } = parseCommandLine(
    argv,
    { 'alarm-test': { type: 'boolean', default: false }, stack: { type: 'string' }, stage: { type: 'string' } },
    USAGE,
  );
  if (values.stack !== undefined && values.stage !== undefined)
    throw new Error(`Give --stack or --stage, not both. ${USAGE}`);
  const [url, ...extra] = positionals;
  if (!url || extra.length > 0) throw new Error(USAGE);
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new Error(`"${url}" is not a URL. ${USAGE}`);
  }
  return { base, alarmTest: values['alarm-test'], stackName: values.stack ?? stackNameOf(parseStage(values.stage)) };
}
