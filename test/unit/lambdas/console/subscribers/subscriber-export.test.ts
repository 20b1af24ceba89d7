/**
 * The Subscribers export in parts (lambdas/console/subscribers/subscriber-export.ts, decision 0074): the rows
 * are computed anew for each part, so a part starts after a row's place, not at an offset. A list
 * larger than one answer comes in parts, every row once, even when someone confirms between two
 * parts and many rows share a second; the export is audited once, with the file's count; and no
 * address goes in a cursor (the export is a GET).
 */
import type { SubscriberRow } from '#shared/console/subscribers.ts';
import { EXPORT_NEXT_HEADER, EXPORT_ROWS_HEADER } from '#shared/console/exports.ts';
import { PART_MAX_BYTES } from '#lambdas/console/kit/csv-parts.ts';
import { subscribersCsvPart } from '#lambdas/console/subscribers/subscriber-export.ts';

const NOW = 1_780_000_000;
/** 3,000 rows of about 4 KB (a long name), 1,000 to a second: about 12 MB, three parts or more. */
const row = (n: number, since = NOW - 10 - Math.floor(n / 1000)): SubscriberRow => ({
  audience: n % 2 ? 'candidate' : 'employer',
  state: 'confirmed',
  email: `person.${n}@example.ca`,
  firstName: 'A'.repeat(4000),
  lastName: `Row${n}`,
  topics: ['newsletter'],
  since,
});
const emailOf = (line: string) => /,"(person\.\d+@example\.ca)",/.exec(line)?.[1];

it('answers a list larger than one answer in parts, every row once though a row arrives between parts, audited once', async () => {
  // Prepare: the list as subscriberRows gives it (newest first), and one more confirmed after the first part
  const rows = Array.from({ length: 3000 }, (_, n) => row(n));
  let current = rows;
  const audits: { rows: number; onceKey: string }[] = [];
  const part = (cursor: string | undefined) =>
    subscribersCsvPart({
      cursor,
      now: NOW,
      rows: async () => current,
      audit: async (count, onceKey) => void audits.push({ rows: count, onceKey }),
    });

  // Act
  const answers = [await part(undefined)];
  current = [row(9999, NOW), ...rows];
  for (let next = answers[0]!.headers![EXPORT_NEXT_HEADER]; next !== undefined;) {
    const answer = await part(String(next));
    answers.push(answer);
    next = answer.headers![EXPORT_NEXT_HEADER];
  }

  // Assess: parts within the budget; the header once; each row of the list when the export began, once
  expect(answers.length).toBeGreaterThanOrEqual(3);
  for (const answer of answers) expect(Buffer.byteLength(answer.body!)).toBeLessThanOrEqual(PART_MAX_BYTES);
  const [header, ...lines] = answers
    .map((answer) => answer.body)
    .join('\n')
    .split('\n');
  expect(header).toBe('"audience","state","email","firstName","lastName","topics","since","impliedUntil"');
  expect(lines.map(emailOf).sort()).toEqual(rows.map((r) => r.email).sort());
  expect(answers.at(-1)!.headers![EXPORT_ROWS_HEADER]).toBe('3000');
  expect(audits).toEqual([{ rows: 3000, onceKey: expect.stringMatching(/^export#/) }]);
  // The cursor (and the place inside it) names rows by a hash, never by their address
  const decoded = (text: string) => Buffer.from(text, 'base64url').toString('utf8');
  for (const answer of answers.slice(0, -1)) {
    const cursor = decoded(String(answer.headers![EXPORT_NEXT_HEADER]));
    expect(`${cursor} ${decoded((JSON.parse(cursor) as { at: string }).at)}`).not.toMatch(/@|person\./);
  }
});
