import type { Audience } from '#shared/constants/audiences.ts';
import type { ContactFields } from '#shared/schemas/contact.ts';

/**
 * Who someone is, as the forms collect it, and for which audience: stored on subscribers and
 * on each lead. The email is normalised (trimmed, lower case) before it is stored or compared.
 */
export type ContactDetails = ContactFields & { audience: Audience };
