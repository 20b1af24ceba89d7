import { parseCommandLine } from '../command-line';

const USAGE = 'Usage: npm run smoke -- <site-url> [--alarm-test] [--stack <stack-name>]';
/** The stack name infra/bin/app.ts deploys. */
const DEFAULT_STACK = 'ConsultancySite';

/** `npm run smoke`'s arguments: the site's URL, whether to test an alarm, and on which stack. */
export function parseSmokeArgs(argv: string[]) {
  const { values, positionals } = parseCommandLine(
    argv,
    { 'alarm-test': { type: 'boolean', default: false }, stack: { type: 'string', default: DEFAULT_STACK } },
    USAGE,
  );
  const [url, ...extra] = positionals;
  if (!url || extra.length > 0) throw new Error(USAGE);
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new Error(`"${url}" is not a URL. ${USAGE}`);
  }
  return { base, alarmTest: values['alarm-test'], stackName: values.stack };
}
