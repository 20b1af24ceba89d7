/**
 * The raw messages the mailers hand to SES (lambdas/mail/compose.ts), read back the way a mail
 * client reads them (mailparser): what the recipient sees must be exactly what was planned,
 * whatever the text, and no text may add or replace a header.
 */
import { composeMime } from '#lambdas/mail/compose.ts';
import { mailbox, UnwritableHeader } from '#lambdas/mail/mime/header-fields.ts';
import { sesRefused } from '#lambdas/mail/send.ts';
import type { OutgoingMail } from '#lambdas/mail/outgoing-mail.ts';
import { readMail } from '#test/support/parse-mime.ts';

const SENDER = 'no-reply@chinooktalent.ca';
const mail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to: 'avery.stone+hr@example.ca',
  subject: 'Your Human Relations Scorecard',
  text: 'Hello Avery,\n\nDownload it here.',
  html: '<p>Hello Avery,</p>',
  ...overrides,
});
const read = (planned: OutgoingMail) =>
  readMail(composeMime(planned, SENDER, new Date(Date.UTC(2026, 10, 23, 16, 5, 9))));
const headOf = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n'));

/** A seeded generator, so a failing case is the same case on every run. */
const randomTexts = (seed: number, count: number, alphabet: readonly string[], maxLength: number) => {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: count }, () =>
    Array.from(
      { length: Math.floor(next() * maxLength) + 1 },
      () => alphabet[Math.floor(next() * alphabet.length)],
    ).join(''),
  );
};
const WORDS = [
  'Hiring',
  ' ',
  ' ',
  'é',
  'Zoë',
  'Łukasz',
  '—',
  '👋🏽',
  '漢字',
  '=',
  '=?',
  '?=',
  '"',
  '\\',
  '<b>',
  '&',
  'x'.repeat(90),
];

describe('composeMime', () => {
  it('writes the sender, the recipient, the reply address, the subject and both bodies as planned', async () => {
    const got = await read(
      mail({
        replyTo: 'jordan.lee@example.org',
        headers: {
          'List-Unsubscribe': '<https://site.test/api/employer/subscribers/AbCdEfGhIjKlMnOpQrStUv/one-click>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        text: 'Hello Avery,\n\nA line with = and a trailing space \nÉté à Calgary.',
        html: `<p style="margin:0">${'A long paragraph. '.repeat(20)}</p>`,
      }),
    );
    expect(got.from).toEqual({ name: 'Chinook Talent Partners', address: SENDER });
    expect(got.header('from')).toBe(`Chinook Talent Partners <${SENDER}>`);
    expect(got.header('to')).toBe('avery.stone+hr@example.ca');
    expect(got.header('reply-to')).toBe('jordan.lee@example.org');
    expect(got.subject).toBe('Your Human Relations Scorecard');
    expect(got.header('list-unsubscribe')).toBe(
      '<https://site.test/api/employer/subscribers/AbCdEfGhIjKlMnOpQrStUv/one-click>',
    );
    expect(got.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(got.header('date')).toBe('Mon, 23 Nov 2026 16:05:09 +0000');
    expect(got.header('message-id')).toMatch(/^<[0-9a-f-]{36}@chinooktalent\.ca>$/);
    expect(got.text).toBe('Hello Avery,\n\nA line with = and a trailing space \nÉté à Calgary.');
    expect(got.html).toBe(`<p style="margin:0">${'A long paragraph. '.repeat(20)}</p>`);
  });

  it('reads back any subject as written (runs of spaces as one), folded into lines of at most 78 characters', async () => {
    for (const subject of [...randomTexts(7, 150, WORDS.slice(0, -1), 24), 'x'.repeat(1200)]) {
      const got = await read(mail({ subject }));
      expect({ subject, read: got.subject }).toEqual({ subject, read: subject.replace(/ +/g, ' ').trim() });
      for (const line of headOf(got.raw).split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
    }
  });

  it('reads back any body exactly, in quoted-printable lines of at most 76 characters', async () => {
    const breaks = ['\n', '\r\n', '\r', '\t', ' '];
    for (const text of randomTexts(11, 150, [...WORDS, ...breaks, ...breaks], 40)) {
      const got = await read(mail({ text, html: text }));
      const expected = text.replace(/\r\n|\r/g, '\n');
      expect({ text, read: got.text }).toEqual({ text, read: expected });
      expect({ text, read: got.html }).toEqual({ text, read: expected });
      const body = got.raw.slice(got.raw.indexOf('\r\n\r\n') + 4);
      for (const line of body.split('\r\n')) expect(line.length).toBeLessThanOrEqual(76);
    }
  });

  it('turns line breaks and other control characters in a subject into spaces, so it cannot add a header', async () => {
    const got = await read(mail({ subject: 'Hi\r\nBcc: victim@example.com\r\n\r\nInjected body\u0000' }));
    expect(got.subject).toBe('Hi Bcc: victim@example.com Injected body');
    expect(got.header('bcc')).toBeUndefined();
    expect(headOf(got.raw)).not.toMatch(/^Bcc:/im);
    expect(got.text).toBe('Hello Avery,\n\nDownload it here.');
  });

  it('quotes or encodes a sender name that is not plain words', async () => {
    const fromLine = async (name: string) =>
      (await readMail(`From: ${mailbox(name, SENDER)}\r\nSubject: x\r\n\r\nx`)).from;
    expect(await fromLine('Chinook Talent Partners, Inc. "CTP"')).toEqual({
      name: 'Chinook Talent Partners, Inc. "CTP"',
      address: SENDER,
    });
    expect(await fromLine('Chinook Talent Partners — Calgary')).toEqual({
      name: 'Chinook Talent Partners — Calgary',
      address: SENDER,
    });
  });

  it('refuses an address it cannot write plainly, and the mailer counts that as not sent', () => {
    for (const address of [
      'a@b.ca\r\nBcc: victim@example.com',
      '"a b"@example.ca',
      'Avery <a@b.ca>',
      'zoë@example.ca',
      'a@',
      'john..doe@example.ca',
      '.a@example.ca',
      '=?utf-8?q?victim=40evil.com?=@example.ca',
    ]) {
      let error: unknown;
      try {
        composeMime(mail({ replyTo: address }), SENDER);
      } catch (caught) {
        error = caught;
      }
      expect({ address, error }).toEqual({ address, error: expect.any(UnwritableHeader) });
      expect(sesRefused(error)).toBe(true);
      expect(() => composeMime(mail({ to: address }), SENDER)).toThrow(UnwritableHeader);
    }
  });

  it('refuses an added header that would replace one of its own or is not a field name', () => {
    for (const name of ['Bcc', 'subject', 'Content-Type', 'X Injected', 'X-Evil:\r\nBcc']) {
      expect(() => composeMime(mail({ headers: { [name]: 'victim@example.com' } }), SENDER)).toThrow(UnwritableHeader);
    }
  });
});
