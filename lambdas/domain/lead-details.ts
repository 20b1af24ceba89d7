import type { Audience } from '#shared/constants/audiences.ts';
import { pickContact } from '#shared/constants/contact-fields.ts';
import type { ContactFields } from '#shared/schemas/contact.ts';
import type { ContactDetails } from '../data/contact-details';

/** The person behind a form submission, email normalised so one address is one subscriber. */
export const leadDetails = (values: ContactFields, audience: Audience): ContactDetails => ({
  ...pickContact(values),
  audience,
  email: values.email.trim().toLowerCase(),
});
