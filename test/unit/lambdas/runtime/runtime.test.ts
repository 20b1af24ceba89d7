import { EMAIL_SETTINGS } from '#shared/constants/subscriber-options.ts';
import { SUBSCRIBER_ID_PATTERN } from '#shared/paths.ts';
import { ALL_EMAIL_SETTINGS_ON } from '#lambdas/data/subscriber-item.ts';
import { requireEnv } from '#lambdas/runtime/env.ts';
import { randomToken } from '#lambdas/runtime/tokens.ts';
import { utcDay } from '#lambdas/runtime/clock.ts';
import { ReadableStream as LazyReadableStream } from '#lambdas/runtime/lazy-web-streams.ts';
import { onFirstUse } from '#lambdas/runtime/on-first-use.ts';
import { Readable } from 'node:stream';
import { ReadableStream } from 'node:stream/web';

describe('runtime helpers', () => {
  it('fails with the name of a missing environment variable', () => {
    const saved = process.env.NOTIFICATION_EMAIL;
    delete process.env.NOTIFICATION_EMAIL;
    expect(() => requireEnv('NOTIFICATION_EMAIL')).toThrow('Missing required environment variable NOTIFICATION_EMAIL');
    if (saved !== undefined) process.env.NOTIFICATION_EMAIL = saved;
  });

  it('makes 128-bit base64url tokens that fit the subscriber id pattern and do not repeat', () => {
    const tokens = Array.from({ length: 1000 }, randomToken);
    expect(tokens.every((token) => SUBSCRIBER_ID_PATTERN.test(token))).toBe(true);
    expect(new Set(tokens).size).toBe(1000);
  });

  it('names the UTC day of a time (daily limits reset at UTC midnight)', () => {
    expect(utcDay(Date.UTC(2025, 0, 31, 23, 59, 59) / 1000)).toBe('2025-01-31');
    expect(utcDay(Date.UTC(2025, 1, 1, 0, 0, 0) / 1000)).toBe('2025-02-01');
  });

  it('turns every email setting on for a new subscriber', () => {
    expect(ALL_EMAIL_SETTINGS_ON).toEqual(EMAIL_SETTINGS.map(() => true));
  });

  it("answers instanceof as node:stream/web's ReadableStream does (middy's check for a streamed body)", () => {
    const web = new ReadableStream();
    expect(web instanceof LazyReadableStream).toBe(true);
    expect(Readable.toWeb(Readable.from(['x'])) instanceof LazyReadableStream).toBe(true);
    expect(Readable.from(['x']) instanceof LazyReadableStream).toBe(false);
    expect(Buffer.from('body') instanceof LazyReadableStream).toBe(false);
    expect({ getReader: () => undefined } instanceof LazyReadableStream).toBe(false);
  });

  it('makes a value on first use and keeps it; a failed making is tried again by the next caller', async () => {
    let attempts = 0;
    const client = onFirstUse(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk not read');
      return { attempt: attempts };
    });

    await expect(client()).rejects.toThrow('chunk not read');
    const [second, third] = [await client(), await client()];

    expect(second).toEqual({ attempt: 2 });
    expect(third).toBe(second);
    expect(attempts).toBe(2);
  });
});
