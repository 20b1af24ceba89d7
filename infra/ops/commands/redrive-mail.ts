/**
 * `npm run mail:redrive [-- --target local|aws] [--stage <stage>] [--lead <lead id>] [--include-uncertain] [--dry-run]`
 *
 * Puts leads whose mail finally failed back into delivery: their failed parts become pending
 * and due now, with a fresh retry window; the mailer sends them at most once, as always.
 * `--include-uncertain` also resends parts whose send was interrupted (they may have arrived:
 * check with the recipient first). Prints one line per lead and a count; exits 1 on an error.
 */
import { parseCommandLine } from '../command-line';
import { inertText, printInert } from './inert-output';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { requeueLead } from '#lambdas/data/lead-mail-state.ts';
import type { LeadItem } from '#lambdas/data/lead-item.ts';
import { getLead } from '#lambdas/data/leads.ts';
import { countOf } from '#shared/count-words.ts';
import { leadMailSummary } from './held-mail';
import { resolveTarget, STAGE_USAGE, stageStackName, type OpsTarget } from './stack-target';

interface Options {
  target: string;
  /** A deployed stage other than prod (`--stage`, with `--target aws`). */
  stage?: string;
  leadId?: string;
  includeUncertain: boolean;
  dryRun: boolean;
}

const USAGE = `Usage: npm run mail:redrive -- [--target local|aws] [--lead <id>] [--include-uncertain] [--dry-run] ${STAGE_USAGE}`;

export const parseRedriveArgs = (argv: string[]): Options => {
  const { values, positionals } = parseCommandLine(
    argv,
    {
      target: { type: 'string', default: 'local' },
      stage: { type: 'string' },
      lead: { type: 'string' },
      'include-uncertain': { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
    },
    USAGE,
  );
  if (positionals.length > 0) throw new Error(`Unexpected argument "${positionals[0]}". ${USAGE}`);
  return {
    target: values.target,
    stage: values.stage,
    leadId: values.lead,
    includeUncertain: values['include-uncertain'],
    dryRun: values['dry-run'],
  };
};

/** Leads whose delivery ended failed (or uncertain, if asked); an operator command may scan. */
const settledWithFailures = async (target: OpsTarget, includeUncertain: boolean): Promise<LeadItem[]> => {
  const leads: LeadItem[] = [];
  let ExclusiveStartKey: Record<string, never> | undefined;
  do {
    const page = await target.db.send(
      new ScanCommand({
        TableName: target.tables.leads,
        FilterExpression: includeUncertain
          ? '#kind = :lead AND #status IN (:failed, :uncertain)'
          : '#kind = :lead AND #status = :failed',
        ExpressionAttributeNames: { '#kind': 'kind', '#status': 'mailStatus' },
        ExpressionAttributeValues: {
          ':lead': { S: 'lead' },
          ':failed': { S: 'failed' },
          ...(includeUncertain ? { ':uncertain': { S: 'uncertain' } } : {}),
        },
        ExclusiveStartKey,
      }),
    );
    leads.push(...(page.Items ?? []).map((item) => unmarshall(item) as LeadItem));
    ExclusiveStartKey = page.LastEvaluatedKey as typeof ExclusiveStartKey;
  } while (ExclusiveStartKey);
  return leads;
};

export const redriveMail = async (options: Options, log: (line: string) => void = printInert): Promise<number> => {
  const target = await resolveTarget(options.target, stageStackName(options.target, options.stage));
  const store = { db: target.db, table: target.tables.leads };
  const leads = options.leadId
    ? [await getLead(store, options.leadId)].filter((lead): lead is LeadItem => lead !== undefined)
    : await settledWithFailures(target, options.includeUncertain);
  const now = Math.floor(Date.now() / 1000);
  let redriven = 0;
  for (const lead of leads) {
    const owed = Object.entries(lead.mail).filter(
      ([, status]) => status === 'failed' || (options.includeUncertain && status === 'uncertain'),
    );
    const parts = owed.map(([part, status]) => `${part} (${status})`).join(', ');
    if (owed.length === 0) {
      log(`${lead.id}  nothing to redrive (mail ${leadMailSummary(lead)})`);
      continue;
    }
    if (!options.dryRun) {
      const done = await requeueLead(store, lead, {
        now,
        retryUntil: now + target.giveUpAfterSeconds,
        statuses: options.includeUncertain ? ['failed', 'uncertain'] : ['failed'],
      });
      if (!done) {
        log(`${lead.id}  skipped: its delivery is already under way`);
        continue;
      }
    }
    redriven += 1;
    log(
      `${lead.id}  ${options.dryRun ? 'would redrive' : 'redriven'}: ${parts}  (last error: ${lead.lastMailError ?? '-'})`,
    );
  }
  log(
    `${countOf(redriven, 'lead')} ${options.dryRun ? 'would be' : ''} put back into delivery on ${target.name}.`.replace(
      '  ',
      ' ',
    ),
  );
  return redriven;
};

if (require.main === module) {
  redriveMail(parseRedriveArgs(process.argv.slice(2))).catch((error: unknown) => {
    console.error(inertText(error instanceof Error ? error.message : String(error)));
    process.exit(1);
  });
}
