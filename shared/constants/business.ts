/**
 * The firm's identity, used by the web pages and by the emails the API sends.
 * The owners replace these values; nothing else names the firm. The mailing address is
 * configuration (cdk.json context `mailingAddress`, shared/mailing-address.ts), not code.
 */
export const BUSINESS = {
  name: 'Chinook Talent Partners',
  shortName: 'Chinook',
  city: 'Calgary',
  province: 'Alberta',
  /** Where inquiries about privacy and these terms go (also the email reply-to). */
  contactEmail: 'hello@chinooktalent.ca',
  copyrightYear: 2022,
} as const;
