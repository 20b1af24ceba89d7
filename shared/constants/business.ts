/**
 * The firm's identity, used by the web pages and by the emails the API sends.
 * The owners replace these values; nothing else names the firm.
 */
export const BUSINESS = {
  name: 'Chinook Talent Partners',
  shortName: 'Chinook',
  city: 'Calgary',
  province: 'Alberta',
  /** Where inquiries about privacy and these terms go (also the email reply-to). */
  contactEmail: 'hello@chinooktalent.ca',
  /**
   * The postal address every campaign email carries (CASL: the sender's mailing address).
   * A placeholder in the firm's city: the owners replace it with the real one before sending.
   */
  mailingAddress: '100 Example Street SW, Suite 200, Calgary, Alberta T2P 0A1, Canada',
  copyrightYear: 2022,
} as const;
