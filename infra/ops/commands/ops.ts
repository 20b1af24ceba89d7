/**
 * `npm run ops -- <verb> [--target local|aws]` (docs/operations.md), the operator's daily questions:
 *   leads [--since <yyyy-mm-dd>] [--csv]      the leads received since that day (UTC; default 30 days ago)
 *   consent <email> [--json]                  the consent ledger of that address, for a CRTC or access request
 *   subscribers --audience <a> [--csv]        counts by state and the list
 *   held                                      emails the form-mail budget held for the firm
 *   release-mail <lead id> | drop-mail <lead id>   send a held email, or decide not to
 *   apply-retention                           subscribers, claims and consent records get the retention rule's expiry
 * Local by default (`npm start`'s stack, found as npm start finds it); `--target aws` reads the
 * deployed stack's outputs, prod's or `--stage <stage>`'s.
 */
import { isAudience } from '#shared/constants/audiences.ts';
import { toCsv } from '#shared/inert-csv.ts';
import { countOf } from '#shared/count-words.ts';
import { parseCommandLine } from '../command-line';
import { inertText, printInert, toTable } from './inert-output';
import { decideHeldMail, heldLeads } from './held-mail';
import { consentOf, leadsSince, subscribersOf, suppressionOf } from './ops-reports';
import { applyRetention } from './apply-retention';
import { resolveTarget, STAGE_USAGE, stageStackName } from './stack-target';

const USAGE =
  'Usage: npm run ops -- leads [--since <yyyy-mm-dd>, default 30 days ago] [--csv] | consent <email> [--json] | subscribers --audience candidate|employer [--csv] | held | release-mail <lead id> | drop-mail <lead id> | apply-retention  [--target local|aws] ' +
  STAGE_USAGE;

/** How far back `leads` looks without --since. */
export const DEFAULT_LEADS_DAYS = 30;
const DAY_MS = 86_400_000;

/** The flags and the words after the verb (an address, a lead id), the --since day checked. */
export const parseOpsArgs = (argv: string[], nowMs: number) => {
  const { values, positionals } = parseCommandLine(
    argv,
    {
      target: { type: 'string', default: 'local' },
      stage: { type: 'string' },
      since: { type: 'string', default: new Date(nowMs - DEFAULT_LEADS_DAYS * DAY_MS).toISOString().slice(0, 10) },
      audience: { type: 'string' },
      csv: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    USAGE,
  );
  const [verb, subject] = positionals;
  const sinceMs = /^\d{4}-\d{2}-\d{2}$/.test(values.since) ? Date.parse(`${values.since}T00:00:00Z`) : NaN;
  if (Number.isNaN(sinceMs)) throw new Error(`--since needs a day as yyyy-mm-dd, not "${values.since}". ${USAGE}`);
  return { ...values, verb, subject, sinceSeconds: sinceMs / 1000 };
};

export const runOps = async (argv: string[], log: (line: string) => void = printInert): Promise<number> => {
  const args = parseOpsArgs(argv, Date.now());
  const { verb, subject } = args;
  const target = await resolveTarget(args.target, stageStackName(args.target, args.stage));
  const now = Math.floor(Date.now() / 1000);
  if (verb === 'leads') {
    const rows = await leadsSince(target, args.sinceSeconds);
    log(args.csv ? toCsv(rows) : `${countOf(rows.length, 'lead')} since ${args.since}\n${toTable(rows)}`);
    return 0;
  }
  if (verb === 'consent') {
    const email = subject;
    if (!email?.includes('@')) throw new Error(`consent needs an email address. ${USAGE}`);
    const [subscribers, suppression] = await Promise.all([consentOf(target, email), suppressionOf(target, email)]);
    if (args.json) {
      log(JSON.stringify({ email, suppressed: suppression !== undefined, suppression, subscribers }, null, 2));
      return 0;
    }
    if (suppression) log(`Suppressed since ${suppression.at} (${suppression.reason}): no email goes to this mailbox.`);
    if (subscribers.length === 0) log(`No subscriber uses the mailbox of ${email}.`);
    else {
      for (const subscriber of subscribers) {
        const { ledger, ...current } = subscriber;
        log(
          `${subscriber.audience} subscriber ${subscriber.subscriberId}\n${toTable([current])}\nLedger (${countOf(ledger.length, 'event')}):`,
        );
        for (const event of ledger) log(`  ${toTable([event])}`);
      }
    }
    return 0;
  }
  if (verb === 'subscribers') {
    const { audience } = args;
    if (!isAudience(audience)) throw new Error(`subscribers needs --audience candidate|employer. ${USAGE}`);
    const { counts, rows } = await subscribersOf(target, audience, now);
    log(
      args.csv
        ? toCsv(rows)
        : `${Object.entries(counts)
            .map(([state, n]) => `${state}: ${n}`)
            .join('  ')}\n${toTable(rows)}`,
    );
    return 0;
  }
  if (verb === 'held') {
    const rows = await heldLeads(target);
    log(`${countOf(rows.length, 'lead')} with an email held for you to release or drop\n${toTable(rows)}`);
    return 0;
  }
  if (verb === 'release-mail' || verb === 'drop-mail') {
    const leadId = subject;
    if (!leadId?.startsWith('lead#')) throw new Error(`${verb} needs a lead id (lead#…). ${USAGE}`);
    log(await decideHeldMail(target, leadId, verb === 'release-mail' ? 'release' : 'drop', now));
    return 0;
  }
  if (verb === 'apply-retention') {
    log(
      `${countOf(await applyRetention(target), 'subscriber')} checked: each, its claim and its consent records expire as the retention rule says.`,
    );
    return 0;
  }
  throw new Error(USAGE);
};

if (require.main === module) {
  runOps(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(inertText(error instanceof Error ? error.message : String(error)));
      process.exit(1);
    });
}
