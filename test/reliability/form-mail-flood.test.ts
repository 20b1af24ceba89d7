/**
 * A flood spends the form-mail budget; the real visitors after it are delayed, never dropped
 * (docs/decisions/0003-abuse-limits.md). The budget's window and hold are compressed to 10 s so
 * the window turns inside the test: 3 emails a window, and an email whose turn is more than one
 * window off is held for the firm.
 */
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
  type Submission,
} from './support/scenario';

const WINDOW_SECONDS = 10;
const stack = stackPerFile(() =>
  startStack({
    env: {
      FORM_MAILS_PER_HOUR: '3',
      FORM_MAILS_WINDOW_SECONDS: String(WINDOW_SECONDS),
      FORM_MAIL_HOLD_SECONDS: String(WINDOW_SECONDS),
    },
  }),
);

const leadOf = async (submission: Submission) =>
  (await scanTable(stack(), 'Leads')).find((item) => item.kind === 'lead' && item.email === submission.email)!;
const submissions = (name: string, count: number) =>
  Array.from({ length: count }, (_, index) => signupSubmission(`${name}${index}`));

/** Waits for the start of a window, so the whole flood lands in one. */
const startOfWindow = () =>
  waitFor(async () => Math.floor(Date.now() / 1000) % WINDOW_SECONDS === 0, WINDOW_SECONDS * 1000, 50);

describe('a flood on the forms, then real visitors', () => {
  it("delays the visitors' emails to their turn, oldest first, holds what is a day off, and the firm releases or drops it", async () => {
    // Arrange: the flood spends this window and the next; one visitor gets the next window's last slot.
    const flood = submissions('flood', 3);
    const [early] = submissions('early', 1);
    const lateFlood = submissions('late-flood', 2);
    const [released, dropped] = submissions('held', 2);
    await startOfWindow();
    const nextWindow = (Math.floor(Date.now() / 1000 / WINDOW_SECONDS) + 1) * WINDOW_SECONDS;

    // Act
    const answers = [];
    for (const submission of [...flood, early!, ...lateFlood, released!, dropped!]) {
      answers.push(await post(stack(), submission));
    }
    const earlyBefore = await leadOf(early!);

    // Assess: every answer alike, and the visitor's email owed, not marked sent.
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    expect(earlyBefore).toMatchObject({ mail: { confirmation: 'waiting' }, mailStatus: 'pending' });

    // Act: the window turns.
    const owed = [...flood, early!, ...lateFlood];
    await waitFor(async () => deliveredExactlyOnce(await inbox(stack()), owed), 3 * WINDOW_SECONDS * 1000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // Assess: the owed emails went once each, those past the budget only once their window came;
    // the firm was told at once that the visitor's email waits; the held ones did not go.
    const afterTurn = await inbox(stack());
    expect(mailCounts(afterTurn, owed)).toEqual(onceEach(owed));
    const toVisitor = (submission: Submission) =>
      afterTurn.find((mail) => mail.destination.to.some((to) => to.includes(submission.email)))!;
    for (const waited of [early!, ...lateFlood]) expect(toVisitor(waited).at).toBeGreaterThanOrEqual(nextWindow);
    const notification = afterTurn.find((mail) => mail.replyTo.some((to) => to.includes(early!.email)))!;
    expect(notification.at).toBeLessThan(nextWindow);
    expect(notification.body.text).toContain('Our email to them: waiting: the limit of form email is reached for now');
    expect((await leadOf(early!)).mailStatus).toBe('sent');
    expect(mailCounts(afterTurn, [released!, dropped!]).map((count) => count.toVisitor)).toEqual([[], []]);
    const heldLead = await leadOf(released!);
    expect(heldLead).toMatchObject({ mail: { notification: 'sent', confirmation: 'held' }, mailStatus: 'held' });

    // Act: the firm sees the held emails, releases one and drops the other.
    const listed = runCommand(stack(), 'infra/ops/commands/ops.ts', ['held']);
    const release = runCommand(stack(), 'infra/ops/commands/ops.ts', ['release-mail', heldLead.id]);
    const drop = runCommand(stack(), 'infra/ops/commands/ops.ts', ['drop-mail', (await leadOf(dropped!)).id]);
    await waitFor(async () => (await leadOf(released!)).mailStatus === 'sent', 20_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    // Assess
    expect(listed.stdout).toContain('2 leads with an email held for you to release or drop');
    expect(listed.stdout).toContain(released!.email);
    expect(release.stdout).toContain(`Released: the email to ${released!.email} is being sent.`);
    expect(drop.stdout).toContain(`Dropped: the email to ${dropped!.email} will not be sent.`);
    expect(mailCounts(await inbox(stack()), [released!, dropped!])).toEqual([
      ...onceEach([released!]),
      { email: dropped!.email, toVisitor: [], notifications: 1 },
    ]);
    expect(await leadOf(dropped!)).toMatchObject({ mail: { confirmation: 'dropped' }, mailStatus: 'dropped' });
  });
});
