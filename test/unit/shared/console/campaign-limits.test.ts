/**
 * A campaign's body limit is one number (CAMPAIGN_LIMITS.markdown), which the form's maxLength,
 * the yup schema and the API's body limit all come from: the API must read every body the
 * form and the schema allow, however its characters encode (issue 33: 16 KiB answered 413).
 */
import { CAMPAIGN_BODY_MAX_BYTES, CAMPAIGN_LIMITS } from '#shared/console/campaigns.ts';
import { MAX_BODY_BYTES } from '#shared/constants/limits.ts';
import {
  CAMPAIGN_BODY_TOO_LONG,
  campaignChangeSchema,
  campaignPreviewSchema,
  newCampaignSchema,
} from '#shared/console/campaigns-schemas.ts';
import { messagesFor } from '#test/unit/shared/schemas/messages-for.ts';

const FIELDS = { subject: 'Spring hiring news', preheader: '', topic: 'newsletter', audience: 'candidate' };
const bytesOf = (body: unknown) => Buffer.byteLength(JSON.stringify(body), 'utf8');
/** `length` UTF-16 code units of `unit`, as the form and yup count them. */
const filled = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

describe("a campaign's body limit", () => {
  it(`accepts ${CAMPAIGN_LIMITS.markdown.toLocaleString('en-CA')} characters and refuses one more in the form's words`, async () => {
    const longest = filled('Hiring news. ', CAMPAIGN_LIMITS.markdown - 1) + '.';
    expect(await messagesFor(campaignChangeSchema, { ...FIELDS, markdown: longest, version: 0 })).toEqual([]);
    expect(await messagesFor(campaignChangeSchema, { ...FIELDS, markdown: `${longest}x`, version: 0 })).toEqual([
      'The body can be at most 100,000 characters.',
    ]);
    expect(CAMPAIGN_BODY_TOO_LONG).toBe('The body can be at most 100,000 characters.');
  });

  it.each([
    ['plain English', 'a'],
    ['accented French', 'é'],
    ['Chinese (3 bytes of UTF-8 each)', '採'],
    ['emoji (4 bytes for 2 code units)', '😀'],
    ['quotes and backslashes (escaped: 2 bytes)', '"\\'],
    ['control characters (escaped: 6 bytes)', '\u0001'],
    ['lone surrogates (escaped: 6 bytes)', '\ud800'],
  ])('reads the largest new campaign the schema allows, written in %s', (_what, unit) => {
    // Prepare: every field at its longest, in the costliest characters
    const body = {
      slug: 'x'.repeat(80),
      subject: filled(unit, CAMPAIGN_LIMITS.subject),
      preheader: filled(unit, CAMPAIGN_LIMITS.preheader),
      topic: 'announcements',
      audience: 'candidate',
      markdown: filled(unit, CAMPAIGN_LIMITS.markdown),
      publish: false,
      sampleLinks: false,
      version: Number.MAX_SAFE_INTEGER,
    };

    // Assess: the schema's own limits are what refuse it, never the size check
    expect(bytesOf(body)).toBeLessThanOrEqual(CAMPAIGN_BODY_MAX_BYTES);
    const fields = [newCampaignSchema, campaignChangeSchema, campaignPreviewSchema].flatMap((schema) =>
      Object.keys(schema.fields),
    );
    expect(Object.keys(body)).toEqual(expect.arrayContaining(fields));
  });

  it('keeps the public forms at their own, smaller limit', () => {
    expect(CAMPAIGN_BODY_MAX_BYTES).toBeGreaterThan(MAX_BODY_BYTES);
    // Well under what Lambda takes in a request (6 MB) and API Gateway (10 MB).
    expect(CAMPAIGN_BODY_MAX_BYTES).toBeLessThan(1024 * 1024);
  });
});
