/**
 * Mail whose fate is unknown is settled from SES's own events, never dropped
 * (docs/decisions/0063-settling-mail-from-ses-events.md): SES calls that hang before SES gets
 * them, and calls SES accepted whose answer is lost, while leads arrive. Every accepted lead's
 * emails arrive exactly once; a hung DynamoDB answers the form with the documented 503; SES's
 * mailbox simulator bounce suppresses the address. The stack settles doubt after 20 s.
 */
import { INJECTED_FAULT_MESSAGE } from '#infra/local/faults/fault-answers.ts';
import { clearFaults, readFaults, setFault } from '../support/faults';
import { runCommand } from '../support/local-stack';
import { stackPerFile } from '../support/stack-per-file';
import {
  deliveredExactlyOnce,
  inbox,
  mailCounts,
  onceEach,
  post,
  postUntilAccepted,
  scanTable,
  scorecardSubmission,
  signupSubmission,
  startStack,
  waitFor,
  type Submission,
} from './support/scenario';

const stack = stackPerFile(() => startStack());

/** Posts the forms while `fault` holds for `seconds`, then waits until every email arrived once. */
const survives = async (fault: Parameters<typeof setFault>[1], submissions: Submission[]) => {
  await setFault(stack().baseUrl, fault);
  for (const submission of submissions) await postUntilAccepted(stack(), submission);
  await waitFor(async () => deliveredExactlyOnce(await inbox(stack()), submissions), 120_000);
  // Time for a late duplicate (a resend after the window) to show up before counting.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const injected = (await readFaults(stack().baseUrl)).ses?.injected ?? 0;
  await clearFaults(stack().baseUrl);
  return injected;
};

const leadsOf = async (submissions: Submission[]) =>
  (await scanTable(stack(), 'Leads')).filter(
    (item) => item.kind === 'lead' && submissions.some(({ email }) => email === item.email),
  );

describe('SES calls in doubt while leads arrive', () => {
  it('a call that hangs before SES gets it: the email is sent again once the window passed with no word from SES', async () => {
    const submissions = [
      ...Array.from({ length: 2 }, (_, n) => signupSubmission(`hang-signup-${n}`)),
      scorecardSubmission('hang-scorecard'),
    ];

    const injected = await survives({ service: 'ses', mode: 'hang', seconds: 8 }, submissions);

    expect(injected).toBeGreaterThan(0);
    expect(mailCounts(await inbox(stack()), submissions)).toEqual(onceEach(submissions));
    const leads = await leadsOf(submissions);
    expect(leads.every((lead) => lead.mailStatus === 'sent')).toBe(true);
    expect(leads.some((lead) => lead.resentParts?.size > 0)).toBe(true);
  }, 180_000);

  it('SES accepted and the answer was lost: its Send event settles the email as sent, never a second copy', async () => {
    const submissions = [signupSubmission('lost-answer-signup'), scorecardSubmission('lost-answer-scorecard')];

    const injected = await survives({ service: 'ses', mode: 'lose-answer', seconds: 4 }, submissions);

    expect(injected).toBeGreaterThan(0);
    expect(mailCounts(await inbox(stack()), submissions)).toEqual(onceEach(submissions));
    // The lead settles when its window ends, with nothing resent.
    await waitFor(async () => (await leadsOf(submissions)).every((lead) => lead.mailStatus === 'sent'), 60_000);
    const leads = await leadsOf(submissions);
    expect(leads.every((lead) => !lead.resentParts)).toBe(true);
    // Each part's record holds SES's word: its message id and the delivery event.
    for (const lead of leads) {
      for (const part of Object.keys(lead.mail)) {
        expect(lead.sesMessageIds[part]).toEqual(expect.any(String));
        expect(lead.deliveries[part]).toMatchObject({ outcome: 'delivered' });
      }
    }
  }, 180_000);
});

describe('a DynamoDB call that hangs', () => {
  it('answers the form with the documented 503 and a message, within the handler budget', async () => {
    await setFault(stack().baseUrl, { service: 'dynamodb', mode: 'hang' });
    const answer = await post(stack(), signupSubmission('hung-table'));
    await clearFaults(stack().baseUrl);

    expect(answer.status).toBe(503);
    expect(answer.retryAfter).not.toBeNull();
    expect(answer.message).toEqual(expect.any(String));
    expect(answer.message).not.toContain(INJECTED_FAULT_MESSAGE);
  }, 60_000);
});

describe("SES's mailbox simulator", () => {
  it('a hard bounce suppresses the address though it has no confirmed subscription', async () => {
    const address = 'bounce@simulator.amazonses.com';
    const submission = { ...scorecardSubmission('simulator'), email: address };
    submission.body = { ...submission.body, email: address };

    await postUntilAccepted(stack(), submission);
    const consent = () =>
      JSON.parse(runCommand(stack(), 'infra/ops/commands/ops.ts', ['consent', address, '--json']).stdout);
    await waitFor(async () => consent().suppressed === true, 30_000);

    expect(consent()).toMatchObject({ suppressed: true, suppression: { reason: 'bounce' } });
    const [lead] = (await scanTable(stack(), 'Leads')).filter((item) => item.email === address);
    expect(lead.deliveries.requester).toMatchObject({ outcome: 'bounced', detail: 'Permanent/General' });
  }, 90_000);
});
