import { BUSINESS } from '#shared/constants/business.ts';
import { requireEnv } from '../runtime/env';

/**
 * Who sends the firm's commercial email and how to reach them (CASL identification): the
 * firm's name, its mailing address (configured, MAILING_ADDRESS: shared/mailing-address.ts) and
 * a contact method. Read when a message is made, so every function that renders one needs the
 * variable, and a function without it fails loudly instead of sending an email without it.
 */
export const senderIdentification = () => ({
  name: BUSINESS.name,
  mailingAddress: requireEnv('MAILING_ADDRESS'),
  contactEmail: BUSINESS.contactEmail,
});
