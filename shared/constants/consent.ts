import { BUSINESS } from './business';

/**
 * The consent texts shown beside each form's checkbox. The server records the text the
 * visitor agreed to with the time and the form (CASL proof of consent), so the label and
 * the stored text come from this one place.
 */
export const CONSENT_TEXT = {
  scorecard:
    'I agree to the Terms of Use and Privacy Policy and to receive the Scorecard and occasional emails about hiring and employee engagement. I can unsubscribe at any time.',
  signup:
    `I have read the Privacy Policy and agree to receive emails from ${BUSINESS.name}. I can unsubscribe at any time.`,
} as const;

export type ConsentSource = 'scorecard-form' | 'candidate-signup-form' | 'contact-form';
