/**
 * The delivery budgets of docs/decisions/0001-lead-delivery.md as figures: each scenario runs
 * against its own local stack with the fault switch (the same helpers as test/reliability/), and
 * reports what reached the inbox and what was stored. `npx tsx test/bench/reliability.ts` runs
 * only this part.
 */
import { clearFaults, setFault } from '../support/faults';
import {
  inbox,
  mailCounts,
  post,
  postUntilAccepted,
  scanTable,
  scorecardSubmission,
  signupSubmission,
  startStack,
  waitFor,
  type Answer,
  type Submission,
} from '../reliability/support/scenario';
import type { BudgetLine } from './report';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Emails beyond one of each expected (duplicates) and expected ones missing, over all submissions. */
const tally = async (stack: Parameters<typeof inbox>[0], submissions: Submission[]) => {
  let duplicates = 0;
  let missing = 0;
  for (const { email, toVisitor, notifications } of mailCounts(await inbox(stack), submissions)) {
    const expected = submissions.find((submission) => submission.email === email)!.expectedSubjects;
    for (const subject of expected) {
      const count = toVisitor.filter((got) => got === subject).length;
      duplicates += Math.max(0, count - 1);
      missing += count === 0 ? 1 : 0;
    }
    duplicates += Math.max(0, notifications - 1);
    missing += notifications === 0 ? 1 : 0;
  }
  return { duplicates, missing, expected: submissions.length * 2 };
};

/** SES refused for 45 s while 10 sign-ups and 5 scorecard requests arrive; then restored. */
export async function sesOutage(): Promise<BudgetLine[]> {
  const stack = await startStack();
  try {
    const submissions = [
      ...Array.from({ length: 10 }, (_, n) => signupSubmission(`bench-outage-${n}`)),
      ...Array.from({ length: 5 }, (_, n) => scorecardSubmission(`bench-outage-card-${n}`)),
    ];
    await setFault(stack.baseUrl, { service: 'ses', mode: 'fail', seconds: 45 });
    const restoredAt = Date.now() + 45_000;
    await Promise.all(submissions.map((submission) => post(stack, submission)));
    await pause(restoredAt - Date.now());
    await clearFaults(stack.baseUrl);
    const deliveredAfterMs = await waitFor(async () => (await tally(stack, submissions)).missing === 0, 180_000).catch(
      () => Number.NaN,
    );
    await pause(5_000);
    const { duplicates, missing, expected } = await tally(stack, submissions);
    const share = ((expected - missing) / expected) * 100;
    return [
      {
        what: 'SES refused 45 s: emails delivered after SES came back',
        measured: `${share.toFixed(0)} % of ${expected} in ${(deliveredAfterMs / 1000).toFixed(1)} s`,
        budget: '100 % within 120 s',
        ok: missing === 0 && deliveredAfterMs <= 120_000,
      },
      { what: 'SES refused 45 s: duplicate emails', measured: String(duplicates), budget: '0', ok: duplicates === 0 },
    ];
  } finally {
    stack.stop();
  }
}

/**
 * SES calls in doubt (docs/decisions/0063-settling-mail-from-ses-events.md): the next call hangs
 * before SES gets it, or SES accepts it and the answer is lost, while three sign-ups arrive. How
 * long from the sign-ups until every lead is settled `sent` (the window is 20 s locally), and
 * how many emails went twice.
 */
export async function sesDoubt(): Promise<BudgetLine[]> {
  const lines: BudgetLine[] = [];
  for (const mode of ['hang', 'lose-answer'] as const) {
    const stack = await startStack();
    try {
      const submissions = Array.from({ length: 3 }, (_, n) => signupSubmission(`bench-doubt-${mode}-${n}`));
      await setFault(stack.baseUrl, { service: 'ses', mode, calls: 1 });
      const started = Date.now();
      for (const submission of submissions) await postUntilAccepted(stack, submission);
      const settledAfterMs = await waitFor(async () => {
        const leads = (await scanTable(stack, 'Leads')).filter((item) => item.kind === 'lead');
        return leads.length === submissions.length && leads.every((lead) => lead.mailStatus === 'sent');
      }, 120_000)
        .then(() => Date.now() - started)
        .catch(() => Number.NaN);
      await pause(3_000);
      const { duplicates, missing } = await tally(stack, submissions);
      lines.push({
        what: `SES call in doubt (${mode}) under 3 sign-ups: every lead settled sent; duplicates; missing`,
        measured: `${(settledAfterMs / 1000).toFixed(1)} s; ${duplicates}; ${missing}`,
        budget: 'about 30 s; 0; 0',
        ok: settledAfterMs <= 40_000 && duplicates === 0 && missing === 0,
      });
    } finally {
      stack.stop();
    }
  }
  return lines;
}

/** DynamoDB refused for 1.5 s while 20 clients submit sign-ups and resend on 5xx. */
export async function dynamoBlip(): Promise<BudgetLine[]> {
  const stack = await startStack();
  try {
    const clients = Array.from({ length: 20 }, (_, client) =>
      Array.from({ length: 4 }, (_, n) => signupSubmission(`bench-blip-${client}-${n}`)),
    );
    const answers: Answer[] = [];
    const load = Promise.all(
      clients.map(async (own) => {
        for (const submission of own) await postUntilAccepted(stack, submission, answers);
      }),
    );
    await pause(150);
    await setFault(stack.baseUrl, { service: 'dynamodb', mode: 'fail', seconds: 1.5 });
    await load;
    const submissions = clients.flat();
    await waitFor(async () => (await tally(stack, submissions)).missing === 0, 120_000).catch(() => undefined);
    await pause(3_000);
    const leads = (await scanTable(stack, 'Leads')).filter((item) => item.kind === 'lead');
    const counters = (await scanTable(stack, 'Leads')).filter((item) => item.kind === 'submission-counter');
    const leadKeys = new Set(leads.map((lead) => String(lead.id).slice('lead#'.length)));
    const missingLeads = submissions.filter(
      (submission) => !leads.some((lead) => lead.email === submission.email),
    ).length;
    const duplicateLeads = leads.length - new Set(leads.map((lead) => lead.email)).size;
    const orphans =
      (await scanTable(stack, 'Subscribers')).length +
      counters.reduce((sum, counter) => sum + [...(counter.leads ?? [])].filter((key) => !leadKeys.has(key)).length, 0);
    const { duplicates } = await tally(stack, submissions);
    const refused = answers.filter((answer) => answer.status >= 500);
    return [
      {
        what: `DynamoDB refused 1.5 s under 20 clients (${submissions.length} acknowledged; ${refused.length} answers 503)`,
        measured: `${missingLeads} missing, ${duplicateLeads + duplicates} duplicates, ${orphans} orphans`,
        budget: '0 / 0 / 0',
        ok: missingLeads === 0 && duplicateLeads + duplicates === 0 && orphans === 0,
      },
    ];
  } finally {
    stack.stop();
  }
}

if (require.main === module) {
  (async () => {
    for (const line of [...(await sesOutage()), ...(await dynamoBlip()), ...(await sesDoubt())])
      console.log(`${line.ok ? 'met    ' : 'NOT MET'}  ${line.what}: ${line.measured} (budget ${line.budget})`);
    process.exit(0);
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
