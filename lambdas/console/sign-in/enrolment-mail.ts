import { BUSINESS } from '#shared/constants/business.ts';
import { CONSOLE_PAGE } from '#shared/console/common.ts';
import type { OutgoingMail } from '../../mail/outgoing-mail';
import { renderMail } from '../../mail/render';
import { ENROLMENT_LINK_SECONDS } from './enrolment-links';

/**
 * The enrolment page's link for a token. The token travels in the fragment: browsers never
 * send it, so it stays out of request logs and Referer headers, and a mail scanner that follows
 * the link uses nothing up (the page registers a passkey only when the owner presses its button).
 */
export const enrolmentUrl = (siteUrl: string, token: string) => `${siteUrl}${CONSOLE_PAGE}/enrol#${token}`;

/** The one-time link to register a passkey: a first device, or one to replace a lost one. */
export const enrolmentMail = (owner: string, url: string): OutgoingMail => ({
  to: owner,
  subject: `Your sign-in link for the ${BUSINESS.name} console`,
  ...renderMail({
    paragraphs: [
      'Hello,',
      `Someone (we hope you) asked to register a passkey for the ${BUSINESS.name} console with this address. Open the link below on the device you want to sign in with, and press the button on the page.`,
      `The link works once, for ${ENROLMENT_LINK_SECONDS / 60} minutes. If you did not ask for it, ignore this email: nothing changes, and your existing passkeys keep working.`,
    ],
    links: [{ label: 'Register a passkey', url }],
  }),
});
