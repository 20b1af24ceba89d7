import { clearFaults, setFault } from '../support/faults';
import { stackPerFile } from '../support/stack-per-file';
import {
  deliveredExactlyOnce,
  inbox,
  mailCounts,
  onceEach,
  post,
  scanTable,
  scorecardSubmission,
  signupSubmission,
  startStack,
  waitFor,
} from './support/scenario';

// SES takes one attempt per email (lambdas/runtime/aws-clients/call-budget.ts), so a part can be
// refused many times in a row; a short backoff cap gives each part about 30 attempts within the
// wait instead of 8, so a run of refusals (1 in 2^k) cannot outlast it. The curve itself is not
// what this test is about.
const stack = stackPerFile(() => startStack({ env: { MAIL_RETRY_MAX_SECONDS: '4' } }));

describe('SES failing half of its calls', () => {
  it('delivers every email exactly once', async () => {
    const submissions = [
      ...Array.from({ length: 12 }, (_, n) => signupSubmission(`flaky-signup-${n}`)),
      ...Array.from({ length: 8 }, (_, n) => scorecardSubmission(`flaky-scorecard-${n}`)),
    ];
    await setFault(stack().baseUrl, { service: 'ses', mode: 'fail', share: 0.5 });

    const answers = await Promise.all(submissions.map((submission) => post(stack(), submission)));
    await waitFor(async () => deliveredExactlyOnce(await inbox(stack()), submissions), 120_000);
    const { ses } = await clearFaults(stack().baseUrl).then(() => ({ ses: null }));
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    expect(ses).toBeNull();
    expect(answers.every((answer) => answer.status === 200 || answer.status === 202)).toBe(true);
    expect(mailCounts(await inbox(stack()), submissions)).toEqual(onceEach(submissions));
    const leads = (await scanTable(stack(), 'Leads')).filter((item) => item.kind === 'lead');
    expect(leads.every((lead) => lead.mailStatus === 'sent')).toBe(true);
    // The fault struck: some leads needed more than one attempt.
    expect(leads.some((lead) => lead.mailAttempts > 1)).toBe(true);
  });
});
