import { startSesLocal, type LocalService } from '#infra/local/services.ts';
import { stackPerFile } from '../support/stack-per-file';
import {
  deliveredExactlyOnce,
  inbox,
  mailCounts,
  onceEach,
  post,
  signupSubmission,
  startStack,
  waitFor,
  type Answer,
  type Submission,
} from './support/scenario';

// The inbox outlives the stack: SES runs in this process and the stack is pointed at it.
let ses: LocalService;
beforeAll(async () => {
  ses = await startSesLocal();
});
const stack = stackPerFile(() => startStack({ env: { AWS_ENDPOINT_URL_SES: ses.endpoint } }));
afterAll(() => ses?.close());

describe('SIGTERM during a load of sign-ups, then a restart', () => {
  it('mails every acknowledged lead exactly once', async () => {
    const submissions = Array.from({ length: 60 }, (_, n) => signupSubmission(`sigterm-${n}`));
    const answers = new Map<Submission, Answer>();

    const load = (async () => {
      for (let wave = 0; wave < submissions.length; wave += 6) {
        const batch = submissions.slice(wave, wave + 6);
        const results = await Promise.all(batch.map((submission) => post(stack(), submission)));
        batch.forEach((submission, index) => answers.set(submission, results[index]!));
      }
    })();
    await waitFor(async () => answers.size >= 18, 60_000, 20);
    const exit = await stack().kill('SIGTERM');
    await load;
    await stack.restart();
    const acknowledged = submissions.filter((submission) => (answers.get(submission)?.status ?? 0) === 200);
    await waitFor(async () => deliveredExactlyOnce(await inbox(stack()), acknowledged), 90_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    expect(exit.code).toBe(0);
    expect(exit.stderr).not.toMatch(/LEVEL_ITERATOR_NOT_OPEN|Unhandled|TypeError/);
    expect(acknowledged.length).toBeGreaterThanOrEqual(18);
    expect(mailCounts(await inbox(stack()), acknowledged)).toEqual(onceEach(acknowledged));
  });
});
