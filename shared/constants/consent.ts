import { BUSINESS } from './business';

/**
 * The consent texts shown beside each form's checkbox. The server records the text the
 * visitor agreed to with the time and the form (CASL proof of consent), so the label and
 * the stored text come from this one place.
 */
export const CONSENT_TEXT = {
  /** The scorecard form's required box: the terms only. CASL consent may not be bundled with terms. */
  scorecardTerms: 'I agree to the Terms of Use and Privacy Policy.',
  /** The scorecard form's own optional, unticked box: express consent, confirmed by email (double opt-in). */
  scorecardMarketing: `Yes, also send me occasional emails from ${BUSINESS.name} about hiring and employee engagement. I can unsubscribe at any time.`,
  signup: `I have read the Privacy Policy and agree to receive emails from ${BUSINESS.name}. I can unsubscribe at any time.`,
  /**
   * The preferences page, under its form: choosing emails there while none may be sent (after an
   * unsubscribe, or without valid consent) asks for them, confirmed by email (double opt-in).
   */
  preferencesPage: `If you are not receiving our emails now, choosing some here asks ${BUSINESS.name} to send them to you once you confirm with the link we email you. You can unsubscribe at any time.`,
} as const;

/**
 * The version of the forms and texts that ask for consent, recorded with every request (CASL
 * proof: what the person saw). Move it on whenever a consent text or a form that shows one
 * changes; test/unit/shared/constants/consent-version.test.ts pins the texts to it, so a changed text with
 * an unchanged version fails.
 */
export const CONSENT_FORMS_VERSION = '2026-11-26';

export type ConsentSource = 'scorecard-form' | 'candidate-signup-form' | 'contact-form' | 'preferences-page';

/** A pending sign-up must be confirmed within this time (double opt-in), or it lapses. */
export const CONFIRMATION_TTL_SECONDS = 7 * 24 * 3600;

/** CASL: an inquiry (a scorecard request) gives implied consent for 6 months. */
export const IMPLIED_CONSENT_SECONDS = 183 * 24 * 3600;
