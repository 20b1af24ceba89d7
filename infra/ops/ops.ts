/**
 * `npm run ops -- <verb> [--target local|aws]` (docs/operations.md), the operator's daily questions:
 *   leads --since <yyyy-mm-dd> [--csv]        the leads received since that day (UTC)
 *   consent <email> [--json]                  the consent ledger of that address, for a CRTC or access request
 *   subscribers --audience <a> [--csv]        counts by state and the list
 *   held                                      emails the form-mail budget held for the firm
 *   release-mail <lead id> | drop-mail <lead id>   send a held email, or decide not to
 *   apply-retention                           subscribers, claims and consent records get the retention rule's expiry
 * Local by default (`npm start`'s stack, found as npm start finds it); `--target aws` reads the
 * deployed stack's outputs.
 */
import { isAudience } from '#shared/constants/audiences.ts';
import { toCsv } from '#shared/inert-csv.ts';
import { inertText, printInert, toTable } from './inert-output';
import { decideHeldMail, heldLeads } from './held-mail';
import { consentOf, leadsSince, subscribersOf, suppressionOf } from './ops-reports';
import { applyRetention } from './apply-retention';
import { resolveTarget } from './stack-target';

const USAGE =
  'Usage: npm run ops -- leads --since <yyyy-mm-dd> [--csv] | consent <email> [--json] | subscribers --audience candidate|employer [--csv] | held | release-mail <lead id> | drop-mail <lead id> | apply-retention  [--target local|aws]';

export const runOps = async (argv: string[], log: (line: string) => void = printInert): Promise<number> => {
  const [verb, ...rest] = argv;
  const flag = (name: string) => {
    const index = rest.indexOf(name);
    return index === -1 ? undefined : rest[index + 1];
  };
  const target = await resolveTarget(flag('--target') ?? 'local');
  const now = Math.floor(Date.now() / 1000);
  if (verb === 'leads') {
    const since = Date.parse(`${flag('--since') ?? ''}T00:00:00Z`);
    if (Number.isNaN(since)) throw new Error(`leads needs --since <yyyy-mm-dd>. ${USAGE}`);
    const rows = await leadsSince(target, since / 1000);
    log(rest.includes('--csv') ? toCsv(rows) : `${rows.length} lead(s) since ${flag('--since')}\n${toTable(rows)}`);
    return 0;
  }
  if (verb === 'consent') {
    const email = rest[0];
    if (!email?.includes('@')) throw new Error(`consent needs an email address. ${USAGE}`);
    const [subscribers, suppression] = await Promise.all([consentOf(target, email), suppressionOf(target, email)]);
    if (rest.includes('--json')) {
      log(JSON.stringify({ email, suppressed: suppression !== undefined, suppression, subscribers }, null, 2));
      return 0;
    }
    if (suppression) log(`Suppressed since ${suppression.at} (${suppression.reason}): no email goes to this mailbox.`);
    if (subscribers.length === 0) log(`No subscriber uses the mailbox of ${email}.`);
    else {
      for (const subscriber of subscribers) {
        const { ledger, ...current } = subscriber;
        log(
          `${subscriber.audience} subscriber ${subscriber.subscriberId}\n${toTable([current])}\nLedger (${ledger.length} event(s)):`,
        );
        for (const event of ledger) log(`  ${toTable([event])}`);
      }
    }
    return 0;
  }
  if (verb === 'subscribers') {
    const audience = flag('--audience');
    if (!isAudience(audience)) throw new Error(`subscribers needs --audience candidate|employer. ${USAGE}`);
    const { counts, rows } = await subscribersOf(target, audience, now);
    log(
      rest.includes('--csv')
        ? toCsv(rows)
        : `${Object.entries(counts)
            .map(([state, n]) => `${state}: ${n}`)
            .join('  ')}\n${toTable(rows)}`,
    );
    return 0;
  }
  if (verb === 'held') {
    const rows = await heldLeads(target);
    log(`${rows.length} lead(s) hold an email for you to release or drop\n${toTable(rows)}`);
    return 0;
  }
  if (verb === 'release-mail' || verb === 'drop-mail') {
    const leadId = rest[0];
    if (!leadId?.startsWith('lead#')) throw new Error(`${verb} needs a lead id (lead#…). ${USAGE}`);
    log(await decideHeldMail(target, leadId, verb === 'release-mail' ? 'release' : 'drop', now));
    return 0;
  }
  if (verb === 'apply-retention') {
    log(
      `${await applyRetention(target)} subscriber(s) checked: each, its claim and its consent records expire as the retention rule says.`,
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
