/**
 * The firm's postal address, which every campaign email carries (CASL, Electronic Commerce
 * Protection Regulations (CRTC), SOR/2012-36, s. 2: "the mailing address"). It is configuration, not
 * code: CDK context `mailingAddress` in cdk.json, handed to the functions that render campaign
 * mail as MAILING_ADDRESS; the local stack has an obviously local stand-in. Synth refuses a
 * missing or placeholder address and the console's preflight flags one, by this one rule.
 */

/** Words that mark an address as not (yet) the firm's real one. */
const PLACEHOLDER =
  /example|placeholder|sample|your (street|address)|123 main|lorem|\btodo\b|\btbd\b|xxx|not a real|local stand-in/i;
/** A Canadian postal code (A1A 1A1), the one part every address of an Alberta firm has. */
const POSTAL_CODE = /\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d\b/i;

/** Why `value` is not a usable mailing address, in plain words; undefined when it is. */
export const mailingAddressProblem = (value: unknown): string | undefined => {
  if (typeof value !== 'string' || value.trim() === '') return 'No mailing address is configured.';
  if (/[\r\n]/.test(value)) return 'The mailing address must be written on one line.';
  if (PLACEHOLDER.test(value))
    return `The mailing address "${value.trim()}" is a placeholder, not the firm's real address.`;
  if (!POSTAL_CODE.test(value)) return `The mailing address "${value.trim()}" has no Canadian postal code (A1A 1A1).`;
  return undefined;
};

/** What the local stack uses when MAILING_ADDRESS is not set: plainly not an address to mail. */
export const LOCAL_MAILING_ADDRESS =
  'Local stand-in, not a real mailing address (set MAILING_ADDRESS), Calgary, Alberta';
