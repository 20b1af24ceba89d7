/**
 * A local campaign send killed outright (SIGKILL, as a crashed Lambda dies) between handing an
 * email to SES and recording SES's answer, then run again, against a real local stack: nobody
 * gets the campaign twice, every eligible subscriber gets it once, and `status` reports the
 * email whose record was left `sending` settled as sent by SES's Send event
 * (docs/decisions/0050-campaign-sending.md, docs/decisions/0063-settling-mail-from-ses-events.md).
 * SES is reached through a pass-through proxy that forwards the sixth email to SES and withholds
 * SES's answer, so the kill lands in that window every time.
 */
import { spawn } from 'node:child_process';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  campaignMailsIn,
  campaignsDirWith,
  countBy,
  recipientOf,
  seedSubscribers,
  type Seeded,
} from '../../support/campaign-subscribers';
import {
  commandEnv,
  reuseBuildIfPresent,
  runCommand,
  startLocalStack,
  typescriptCommand,
} from '../../support/local-stack';
import { stackPerFile } from '../../support/stack-per-file';
import { REPO_ROOT } from '#shared/repo-root.ts';

jest.setTimeout(240_000);

const SLUG = 'killed-newsletter';
const ANSWERED_BEFORE_THE_KILL = 5;
const CAMPAIGNS_DIR = campaignsDirWith(
  SLUG,
  '---\nsubject: "A newsletter cut short"\ntopic: newsletter\naudience: candidate\n---\nHello.\n',
);

const stack = stackPerFile(() => startLocalStack(reuseBuildIfPresent()));
let seeded: Seeded[];

/** Forwards SES calls to the stack's SES; after `answerFirst` answers, forwards but never answers. */
const sesProxy = (upstream: string, answerFirst: number) => {
  let answered = 0;
  const held: ServerResponse[] = [];
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const forward = request(
      `${upstream}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => {
          if (answered >= answerFirst) {
            held.push(outgoing);
            return;
          }
          answered += 1;
          outgoing.writeHead(answer.statusCode!, answer.headers).end(Buffer.concat(body));
        });
      },
    );
    incoming.pipe(forward);
  });
  return {
    listening: new Promise<string>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
    ),
    held: () => held.length,
    close: () => {
      for (const response of held) response.destroy();
      server.close();
    },
  };
};

const env = (extra: Record<string, string> = {}) => commandEnv(stack(), { CAMPAIGNS_DIR, ...extra });
const campaign = (...args: string[]) => runCommand(stack(), 'infra/ops/commands/campaign.ts', args, { CAMPAIGNS_DIR });
const recipientsInInbox = async () => (await campaignMailsIn(stack().inboxUrl, SLUG)).map(recipientOf);
const startedAt = () => JSON.parse(campaign('status', SLUG, '--json').stdout.trim()).startedAt as string;

beforeAll(async () => {
  seeded = await seedSubscribers(
    stack().dynamoUrl,
    { eligible: 20, topicOff: 2, suppressed: 2, otherAudience: 2 },
    'kill',
  );
});

describe('a campaign send killed mid-send', () => {
  const eligible = () => seeded.filter((s) => s.kind === 'eligible');

  it("settles the email in doubt from SES's events, never sends it twice; the next run sends every other eligible subscriber once", async () => {
    // Prepare: one recipient at a time, SES through the proxy.
    const proxy = sesProxy(stack().inboxUrl, ANSWERED_BEFORE_THE_KILL);
    const sesUrl = await proxy.listening;
    const first = spawn(
      ...typescriptCommand('infra/ops/commands/campaign.ts', [
        'send',
        SLUG,
        '--yes',
        '--rate',
        '500',
        '--concurrency',
        '1',
      ]),
      {
        cwd: REPO_ROOT,
        env: env({ AWS_ENDPOINT_URL_SES: sesUrl }),
        detached: true,
        stdio: 'ignore',
      },
    );

    // Act: SIGKILL the whole process group once SES has taken the sixth email and its answer is withheld.
    const deadline = Date.now() + 60_000;
    while (proxy.held() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      first.once('exit', (_code, signal) => resolve(signal)),
    );
    process.kill(-first.pid!, 'SIGKILL');
    const signal = await exited;
    proxy.close();
    const afterKill = countBy(await recipientsInInbox());
    // SES's events (Send, Delivery) reach the stack's ingestion within a moment: the email whose
    // answer was withheld is settled as sent by its Send event (decision 0063).
    const settled = async (delivered: number) => {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const status = JSON.parse(campaign('status', SLUG, '--json').stdout) as { delivered: number; inDoubt: number };
        if (status.delivered === delivered && status.inDoubt === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    await settled(ANSWERED_BEFORE_THE_KILL + 1);
    const statusAfterKill = campaign('status', SLUG);
    const resumed = campaign('send', SLUG, '--yes', '--rate', '500');
    await settled(eligible().length);
    const statusAfterResume = campaign('status', SLUG);

    // Assess: what reached the inbox, and how often.
    expect(signal).toBe('SIGKILL');
    expect(Object.values(afterKill)).toEqual(Array(ANSWERED_BEFORE_THE_KILL + 1).fill(1));
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toContain(
      `Sent ${eligible().length - ANSWERED_BEFORE_THE_KILL - 1} of ${eligible().length} in`,
    );
    expect(countBy(await recipientsInInbox())).toEqual(Object.fromEntries(eligible().map((s) => [s.email, 1])));

    // Assess: what the operator reads.
    expect(statusAfterKill.stdout.trim()).toBe(`campaign           ${SLUG}
subject            A newsletter cut short
startedAt          ${startedAt()}
runs               1
queued             20
recipients         6
sent               6
retrying           0
failed             0
inDoubt            0
delivered          6
bounced            0
softBounced        0
complained         0
rejected           0
unsubscribedSince  0`);
    expect(statusAfterResume.stdout.trim()).toBe(`campaign           ${SLUG}
subject            A newsletter cut short
startedAt          ${startedAt()}
runs               2
queued             20
recipients         20
sent               20
retrying           0
failed             0
inDoubt            0
delivered          20
bounced            0
softBounced        0
complained         0
rejected           0
unsubscribedSince  0`);
  });
});
