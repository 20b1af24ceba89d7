import { createHash } from 'node:crypto';
import { CONSENT_FORMS_VERSION, CONSENT_TEXT } from '#shared/constants/consent.ts';

/**
 * Every version of the consent texts that was ever recorded, with a digest of its texts: a
 * person's proof names the version they saw, so a version must always mean the same words.
 * Changing a text: move CONSENT_FORMS_VERSION on and add its line here; never edit a line.
 */
const RECORDED_VERSIONS: Record<string, string> = {
  '2026-11-26': 'ca47a6e625ee491b',
};

const digestOf = (texts: typeof CONSENT_TEXT) =>
  createHash('sha256').update(JSON.stringify(texts)).digest('hex').slice(0, 16);

describe('the consent forms version', () => {
  it('names exactly the consent texts the forms show now', () => {
    expect(RECORDED_VERSIONS[CONSENT_FORMS_VERSION]).toBe(digestOf(CONSENT_TEXT));
  });
});
