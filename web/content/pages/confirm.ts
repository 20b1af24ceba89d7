import { BUSINESS } from '#shared/constants/business.ts';

/** Copy of the page a confirmation email links to (/confirm/{audience}/{token}). */
export const CONFIRM_COPY = {
  heading: 'Confirm your subscription',
  intro:
    `Confirming tells us that this email address is yours and that you want emails from ${BUSINESS.name}: ` +
    'our newsletter, occasional announcements and news about our services. We send none of them until you confirm, ' +
    'and you can unsubscribe at any time with the link in every email.',
  button: 'Confirm my subscription',
} as const;
