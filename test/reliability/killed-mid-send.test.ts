/**
 * The stack killed outright (SIGKILL, as Lambda ends a function at its timeout) while its call to
 * SES hangs before SES got the email, then started again: the part left `sending` is in doubt
 * once its lease ends, no Send event arrives for it, and a settling window later it is sent
 * again, once (docs/decisions/0063-settling-mail-from-ses-events.md). The inbox outlives the
 * stack: SES runs in this process. The lease is 15 s here (60 s on `npm start`), to keep it short.
 */
import { startSesLocal, type LocalService } from '#infra/local/services.ts';
import { readFaults, setFault } from '../support/faults';
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
} from './support/scenario';

let ses: LocalService;
beforeAll(async () => {
  ses = await startSesLocal();
});
const stack = stackPerFile(() => startStack({ env: { AWS_ENDPOINT_URL_SES: ses.endpoint, MAIL_LEASE_SECONDS: '15' } }));
afterAll(() => ses?.close());

describe('the stack killed while its SES call hangs, then started again', () => {
  it("sends the lead's email again once its lease and settling window passed with no word from SES", async () => {
    // Prepare: the next SES call hangs; a sign-up's first email (the firm's notification) meets it.
    const submission = signupSubmission('killed-mid-send');
    await setFault(stack().baseUrl, { service: 'ses', mode: 'hang', calls: 1 });
    await postUntilAccepted(stack(), submission);
    await waitFor(async () => ((await readFaults(stack().baseUrl)).ses?.injected ?? 0) === 1, 30_000, 50);

    // Act
    await stack.restart('SIGKILL');
    await waitFor(async () => deliveredExactlyOnce(await inbox(stack()), [submission]), 120_000);
    // Time for a late duplicate to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    // Assess
    expect(mailCounts(await inbox(stack()), [submission])).toEqual(onceEach([submission]));
    const [lead] = (await scanTable(stack(), 'Leads')).filter((item) => item.email === submission.email);
    expect(lead).toMatchObject({ mailStatus: 'sent', mail: { notification: 'sent', confirmation: 'sent' } });
    expect([...lead.resentParts]).toEqual(['notification']);
  }, 180_000);
});
