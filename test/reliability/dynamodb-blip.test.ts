import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { setFault } from '../support/faults';
import { stackPerFile } from '../support/stack-per-file';
import {
  deliveredExactlyOnce,
  inbox,
  mailCounts,
  onceEach,
  postUntilAccepted,
  scanTable,
  signupSubmission,
  startStack,
  waitFor,
  type Answer,
} from './support/scenario';

const stack = stackPerFile(() => startStack());

describe('DynamoDB refused for 1.5 s while 20 clients submit and resend on 5xx', () => {
  it('stores every accepted submission once, mails it once, leaves no orphans and counts only accepted submissions', async () => {
    const clients = Array.from({ length: 20 }, (_, client) =>
      Array.from({ length: 4 }, (_, n) => signupSubmission(`blip-${client}-${n}`)),
    );
    const answers: Answer[] = [];

    const load = Promise.all(
      clients.map(async (submissions) => {
        for (const submission of submissions) await postUntilAccepted(stack(), submission, answers);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    await setFault(stack().baseUrl, { service: 'dynamodb', mode: 'fail', seconds: 1.5 });
    await load;
    const submissions = clients.flat();
    await waitFor(async () => deliveredExactlyOnce(await inbox(stack()), submissions), 90_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    // The fault struck, and every refusal was a 503 with a readable message and Retry-After.
    const refused = answers.filter((answer) => answer.status >= 500);
    expect(refused.length).toBeGreaterThan(0);
    expect(
      refused.every(
        (answer) =>
          answer.status === 503 && answer.message === API_ERRORS.dependencyUnavailable && answer.retryAfter === '5',
      ),
    ).toBe(true);
    // One lead per submission, each mailed once.
    const items = await scanTable(stack(), 'Leads');
    const leads = items.filter((item) => item.kind === 'lead');
    expect(leads.map((lead) => lead.email).sort()).toEqual(submissions.map((submission) => submission.email).sort());
    expect(mailCounts(await inbox(stack()), submissions)).toEqual(onceEach(submissions));
    // No orphans: forms write no subscribers; every counted key is a stored lead; counters equal accepted submissions.
    expect(await scanTable(stack(), 'Subscribers')).toEqual([]);
    const leadKeys = new Set(leads.map((lead) => String(lead.id).slice('lead#'.length)));
    const counters = items.filter((item) => item.kind === 'submission-counter');
    for (const counter of counters) for (const key of counter.leads ?? []) expect(leadKeys.has(key)).toBe(true);
    const clientCounter = counters.find((counter) => String(counter.id).startsWith('limit#client#'));
    expect(clientCounter?.leads?.size).toBe(submissions.length);
    const mailboxCounters = counters.filter((counter) => String(counter.id).startsWith('limit#signup#'));
    expect(mailboxCounters).toHaveLength(submissions.length);
    expect(mailboxCounters.every((counter) => counter.leads.size === 1)).toBe(true);
  });
});
