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

const stack = stackPerFile(() => startStack());

describe('SES refused for 45 s while forms arrive', () => {
  it('accepts every form, then delivers every email exactly once within 2 minutes of SES coming back', async () => {
    const submissions = [
      ...Array.from({ length: 10 }, (_, n) => signupSubmission(`outage-signup-${n}`)),
      ...Array.from({ length: 5 }, (_, n) => scorecardSubmission(`outage-scorecard-${n}`)),
    ];
    await setFault(stack().baseUrl, { service: 'ses', mode: 'fail', seconds: 45 });
    const outageEnds = Date.now() + 45_000;

    const answers = await Promise.all(submissions.map((submission) => post(stack(), submission)));
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const duringOutage = await inbox(stack());
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now())));
    await clearFaults(stack().baseUrl);
    const deliveredAfterMs = await waitFor(
      async () => deliveredExactlyOnce(await inbox(stack()), submissions),
      120_000,
    );
    // Give a late duplicate the time to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(200), ...Array(5).fill(202)]);
    expect(duringOutage).toHaveLength(0);
    expect(mailCounts(await inbox(stack()), submissions)).toEqual(onceEach(submissions));
    const leads = (await scanTable(stack(), 'Leads')).filter((item) => item.kind === 'lead');
    expect(leads).toHaveLength(15);
    expect(leads.every((lead) => lead.mailStatus === 'sent' && lead.mailAttempts > 1)).toBe(true);
    expect(deliveredAfterMs).toBeLessThan(120_000);
    console.log(
      `[reliability] SES outage 45 s: all ${submissions.length * 2} emails delivered ${(deliveredAfterMs / 1000).toFixed(1)} s after SES came back`,
    );
  });
});
