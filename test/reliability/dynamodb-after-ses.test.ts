import { clearFaults, readFaults, setFault } from '../support/faults';
import { stackPerFile } from '../support/stack-per-file';
import {
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

describe('DynamoDB refused for a few seconds right after SES accepts an email', () => {
  it.each([
    ['a sign-up', () => signupSubmission('after-ses-signup')],
    ['a scorecard request', () => scorecardSubmission('after-ses-scorecard')],
  ])('sends no email twice for %s, and the lead ends sent', async (_name, make) => {
    const submission = make();
    await setFault(stack().baseUrl, { service: 'dynamodb', mode: 'fail', seconds: 3, afterNextSuccessOf: 'ses' });

    const answer = await post(stack(), submission);
    await waitFor(async () => (await readFaults(stack().baseUrl)).dynamodb?.state === 'ended', 30_000);
    await clearFaults(stack().baseUrl);
    await waitFor(async () => {
      const lead = (await scanTable(stack(), 'Leads')).find(
        (item) => item.kind === 'lead' && item.email === submission.email,
      );
      return lead?.mailStatus === 'sent';
    }, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    expect(answer.status).toBeLessThan(300);
    expect(mailCounts(await inbox(stack()), [submission])).toEqual(onceEach([submission]));
  });
});
