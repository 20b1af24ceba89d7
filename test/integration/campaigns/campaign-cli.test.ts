/**
 * `npm run campaign` and `npm run ops` against a real local stack (`npm start`): what reached
 * the inbox, how often, and with which headers and links. The sender is stopped mid-send and
 * resumed, a subscriber unsubscribes between the two runs, and the send is repeated. Its console
 * draft is ticked "Publish": the send asks the stack's newsletter publisher for a run.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
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
import { localDynamoClient, readCapturedEmails } from '#infra/local/services.ts';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { scorecardBody } from '#test/support/payloads.ts';
import { rawRequest } from '../../support/raw-request';

jest.setTimeout(240_000);

const SLUG = 'test-newsletter';
const CAMPAIGNS_DIR = campaignsDirWith(
  SLUG,
  '---\nsubject: "Our test newsletter"\ntopic: newsletter\naudience: candidate\n---\nHello,\n\nRead [our blog](/blog).\n',
);

const EMPLOYER_SLUG = 'employer-news';
writeFileSync(
  path.join(CAMPAIGNS_DIR, `${EMPLOYER_SLUG}.md`),
  '---\nsubject: "News for employers"\ntopic: newsletter\naudience: employer\n---\nHello,\n\nRead [our blog](/blog).\n',
);

const stack = stackPerFile(() => startLocalStack(reuseBuildIfPresent()));
let seeded: Seeded[];
const env = () => commandEnv(stack(), { CAMPAIGNS_DIR });
const run = (script: string, args: string[]) => runCommand(stack(), script, args, { CAMPAIGNS_DIR });
const campaign = (...args: string[]) => run('infra/ops/commands/campaign.ts', args);

/** The campaign emails in the inbox, as raw MIME. */
const campaignMails = () => campaignMailsIn(stack().inboxUrl, SLUG);
/** A header's value, unfolded (RFC 5322 long lines continue on lines that start with a space). */
const header = (raw: string, name: string) =>
  raw
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1)
    .trim();

/** The campaign's draft as the console stores it, ticked or not for the newsletter page. */
const putDraft = (publish: boolean) =>
  localDynamoClient(stack().dynamoUrl).send(
    new PutItemCommand({
      TableName: 'Campaigns',
      Item: marshall({
        id: `draft#${SLUG}`,
        kind: 'campaign-draft',
        slug: SLUG,
        subject: 'Our test newsletter',
        preheader: '',
        topic: 'newsletter',
        audience: 'candidate',
        markdown: 'Hello,\n\nRead [our blog](/blog).',
        publish,
        version: 0,
        createdAt: 1_780_000_000,
        updatedAt: 1_780_000_000,
        updatedBy: 'owner@console.test',
      }),
    }),
  );
/** The newsletter page's status once it is `status`, or as it is after 10 s. */
const newsletterPageStatus = async (status: number) => {
  const deadline = Date.now() + 10_000;
  let page = await fetch(`${stack().baseUrl}/newsletter/${SLUG}`);
  while (page.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    page = await fetch(`${stack().baseUrl}/newsletter/${SLUG}`);
  }
  return { status: page.status, text: await page.text() };
};

beforeAll(async () => {
  seeded = await seedSubscribers(stack().dynamoUrl, {
    eligible: 60,
    impliedValid: 3,
    impliedExpired: 2,
    inquired: 2,
    impliedByRequestOnly: 2,
    topicOff: 2,
    unsubscribedAll: 2,
    suppressed: 2,
    otherAudience: 2,
  });
  // The campaign's draft in the console, ticked "Publish on the site's newsletter page after sending".
  await putDraft(true);
});

describe('npm run campaign against the local stack', () => {
  const eligible = () => seeded.filter((s) => s.kind === 'eligible' || s.kind === 'impliedValid');
  let unsubscribedMidSend: Seeded;

  it('stops cleanly on SIGTERM mid-send, honours an unsubscribe before the resume, and the resume sends each eligible exactly once', async () => {
    const first = spawn(
      ...typescriptCommand('infra/ops/commands/campaign.ts', [
        'send',
        SLUG,
        '--yes',
        '--rate',
        '20',
        '--concurrency',
        '2',
      ]),
      {
        cwd: REPO_ROOT,
        env: env(),
      },
    );
    let printed = '';
    first.stdout.on('data', (chunk) => (printed += chunk));
    const deadline = Date.now() + 60_000;
    while ((await campaignMails()).length < 10 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    first.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => first.once('exit', resolve));
    expect(code).toBe(2);
    expect(printed).toContain('Run the same send again to resume');

    const sentSoFar = new Set((await campaignMails()).map(recipientOf));
    expect(sentSoFar.size).toBeLessThan(eligible().length);
    unsubscribedMidSend = eligible().find((s) => !sentSoFar.has(s.email))!;
    const oneClick = await fetch(`${stack().baseUrl}/api/candidate/subscribers/${unsubscribedMidSend.id}/one-click`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);

    const resumed = campaign('send', SLUG, '--yes', '--rate', '500');
    expect(resumed.status).toBe(0);

    const counts = countBy((await campaignMails()).map(recipientOf));
    const expected = Object.fromEntries(
      eligible()
        .filter((s) => s !== unsubscribedMidSend)
        .map((s) => [s.email, 1]),
    );
    expect(counts).toEqual(expected);
  });

  it("asked the stack's publisher for a run: the campaign, ticked in the console, is on the newsletter page", async () => {
    const page = await newsletterPageStatus(200);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Our test newsletter</h1>');
  });

  it('archive asks for a run that brings the pages in line with the table (what npm run deploy does after a deploy)', async () => {
    // Prepare: unticked behind the publisher's back, so only a run takes the page down.
    await putDraft(false);

    // Act
    const archive = campaign('archive');
    const page = await newsletterPageStatus(404);
    await putDraft(true);

    // Assess
    expect(archive.status).toBe(0);
    expect(archive.stdout).toContain('Newsletter and blog pages on local: a run was requested');
    expect(page.status).toBe(404);
  });

  it('sends nothing more when the same campaign is sent again', async () => {
    const before = (await campaignMails()).length;
    const again = campaign('send', SLUG, '--yes', '--json');
    expect(again.status).toBe(0);
    expect(JSON.parse(again.stdout.trim().split('\n').pop()!)).toMatchObject({
      sent: 0,
      already: eligible().length - 1,
    });
    expect((await campaignMails()).length).toBe(before);
  });

  it('gives each email its own working unsubscribe and preference links, RFC 8058 headers and the campaign header', async () => {
    const person = eligible().find((s) => s !== unsubscribedMidSend)!;
    const raw = (await campaignMails()).find((mail) => recipientOf(mail) === person.email)!;
    const oneClickUrl = `${stack().baseUrl}/api/candidate/subscribers/${person.id}/one-click`;
    expect(header(raw, 'List-Unsubscribe')).toBe(`<${oneClickUrl}>`);
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(raw, 'X-Campaign')).toBe(SLUG);
    expect(header(raw, 'Subject')).toBe('Our test newsletter');
    const body = raw.replace(/=\r?\n/g, '');
    for (const link of [`${stack().baseUrl}/unsubscribe/candidate/${person.id}`, `${stack().baseUrl}/blog`]) {
      expect(body).toContain(link);
      expect((await fetch(link)).status).toBe(200);
    }
    // The mailing address the command was given (MAILING_ADDRESS, as the stack's functions are).
    expect(body).toContain(process.env.MAILING_ADDRESS!);
    expect(
      (
        await fetch(oneClickUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        })
      ).status,
    ).toBe(200);
  });

  it('sends a test copy marked [Test], without the one-click headers its sample subscriber could not honour', async () => {
    const sent = campaign('test', SLUG, '--to', 'owner@example.ca');

    expect(sent.status).toBe(0);
    expect(sent.stdout).toContain('it has no one-click unsubscribe header');
    const [raw] = (await campaignMailsIn(stack().inboxUrl, SLUG)).filter((mail) =>
      /^To: owner@example\.ca$/m.test(mail),
    );
    expect(header(raw!, 'Subject')).toBe('[Test] Our test newsletter');
    expect(header(raw!, 'List-Unsubscribe')).toBeUndefined();
    expect(header(raw!, 'List-Unsubscribe-Post')).toBeUndefined();
  });

  it("status counts recipients, sent, SES's Delivery events and those who unsubscribed since, as the console's progress does", async () => {
    // The stack relays SES's events every 250 ms: wait until it has relayed every Delivery.
    const status = async () => JSON.parse(campaign('status', SLUG, '--json').stdout.trim());
    const deadline = Date.now() + 10_000;
    while ((await status()).delivered < eligible().length - 1 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    const result = campaign('status', SLUG, '--json');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout.trim())).toEqual({
      campaign: SLUG,
      subject: 'Our test newsletter',
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      runs: expect.any(Number),
      queued: expect.any(Number),
      recipients: eligible().length - 1,
      sent: eligible().length - 1,
      retrying: 0,
      failed: 0,
      inDoubt: 0,
      delivered: eligible().length - 1,
      bounced: 0,
      softBounced: 0,
      complained: 0,
      rejected: 0,
      // The one-click of the headers test, after their email reached them (not the one mid-send).
      unsubscribedSince: 1,
    });
  });

  it('npm run ops answers subscribers by state and the consent ledger of an address', () => {
    const listed = run('infra/ops/commands/ops.ts', ['subscribers', '--audience', 'candidate']);
    expect(listed.status).toBe(0);
    // 62 confirmed seeded (60 with the newsletter on, 2 with it off), two of them unsubscribed since by one-click, plus 2 unsubscribed-all.
    expect(listed.stdout).toContain(
      'pending: 0  confirmed: 60  implied: 3  inquired: 4  lapsed: 2  unsubscribed: 4  suppressed: 2',
    );
    const csv = run('infra/ops/commands/ops.ts', ['subscribers', '--audience', 'candidate', '--csv']);
    expect(csv.stdout.split('\n')[0]).toBe('"state","email","firstName","lastName","since","id"');
    const consent = run('infra/ops/commands/ops.ts', ['consent', unsubscribedMidSend.email, '--json']);
    expect(JSON.parse(consent.stdout).subscribers[0].ledger).toEqual([
      expect.objectContaining({ type: 'withdrawn', source: 'one-click' }),
    ]);
  });
  it("mails no campaign to an address a stranger typed into the scorecard form; following the email's download link makes it eligible", async () => {
    // Arrange: one scorecard requested for someone else's address, one by its owner.
    const now = Math.floor(Date.now() / 1000);
    const [stranger, owner] = ['typed.by.a.stranger', 'requested.it'].map((name) => `${name}.${now}@example.ca`);
    for (const email of [stranger!, owner!]) {
      // A fresh connection each (rawRequest): fetch's pool may still hold one the server closed
      // while the commands above ran, and would fail with "other side closed" on it.
      const answer = await rawRequest(
        `${stack().baseUrl}/api/employer/scorecard`,
        { 'content-type': 'application/json', connection: 'close' },
        JSON.stringify(scorecardBody({ email, createdAt: now, updatedAt: now })),
      );
      expect(answer.status).toBe(202);
    }
    const scorecardTo = async (email: string) =>
      (await readCapturedEmails(stack().inboxUrl)).find((mail) => mail.destination.to.includes(email));
    const deadline = Date.now() + 30_000;
    while (!((await scorecardTo(stranger!)) && (await scorecardTo(owner!))) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const link = /https?:\/\/\S+\/api\/employer\/scorecard\/download\/[A-Za-z0-9_-]{44}/.exec(
      (await scorecardTo(owner!))!.body.text!,
    )![0];

    // Act: the owner's mailbox follows its link; then the campaign goes out.
    const download = await rawRequest(link, { connection: 'close' });
    const sent = campaign('send', EMPLOYER_SLUG, '--yes', '--rate', '500');

    // Assess
    expect(download.status).toBe(302);
    expect(sent.status).toBe(0);
    const recipients = (await campaignMailsIn(stack().inboxUrl, EMPLOYER_SLUG)).map(recipientOf);
    expect(recipients).toContain(owner);
    expect(recipients).not.toContain(stranger);
  });
});
