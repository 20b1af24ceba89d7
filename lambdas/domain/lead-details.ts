import type { Audience } from '../../shared/constants/audiences';
import { pickContact } from '../../shared/constants/contact-fields';
import type { ContactFields } from '../../shared/schemas/contact';
import type { ContactDetails } from '../data/contact-details';

/** The person behind a form submission, email normalised so one address is one subscriber. */
export const leadDetails = (values: ContactFields, audience: Audience): ContactDetails => ({
  ...pickContact(values),
  audience,
  email: values.email.trim().toLowerCase(),
});
