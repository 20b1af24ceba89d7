import { readFileSync } from 'node:fs';
import { clearFaults, setFault } from '../support/faults';
import { runCommand } from '../support/local-stack';
import { stackPerFile } from '../support/stack-per-file';
import {
  deliveredExactlyOnce,
  inbox,
  mailCounts,
  onceEach,
  post,
  scanTable,
  signupSubmission,
  startStack,
  waitFor,
} from './support/scenario';

// The give-up time compressed to seconds, so the whole path fits in a test.
const stack = stackPerFile(() => startStack({ env: { MAIL_GIVE_UP_AFTER_SECONDS: '4' } }));

describe('mail that finally fails, then `npm run mail:redrive`', () => {
  it('marks the lead failed with a dead letter naming it; the redrive delivers it exactly once', async () => {
    const submission = signupSubmission('redrive');
    await setFault(stack().baseUrl, { service: 'ses', mode: 'fail' });

    await post(stack(), submission);
    const failed = async () =>
      (await scanTable(stack(), 'Leads')).find((item) => item.kind === 'lead' && item.email === submission.email);
    await waitFor(async () => (await failed())?.mailStatus === 'failed', 60_000);
    const lead = (await failed())!;
    await clearFaults(stack().baseUrl);
    const deadLetters = readFileSync(`${stack().placement.dataDir}-mail-dead-letters.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { leadId: string; failedParts: string[] });
    const redrive = runCommand(stack(), 'infra/ops/commands/redrive-mail.ts');
    await waitFor(async () => deliveredExactlyOnce(await inbox(stack()), [submission]), 60_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    expect(lead.mail).toEqual({ notification: 'failed', confirmation: 'failed' });
    expect(deadLetters).toContainEqual(
      expect.objectContaining({ leadId: lead.id, failedParts: ['notification', 'confirmation'] }),
    );
    expect(redrive.status).toBe(0);
    expect(redrive.stdout).toContain(`${lead.id}  redriven: notification (failed), confirmation (failed)`);
    expect(mailCounts(await inbox(stack()), [submission])).toEqual(onceEach([submission]));
    expect((await failed())!.mailStatus).toBe('sent');
  });
});
