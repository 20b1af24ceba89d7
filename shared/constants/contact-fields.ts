/**
 * The contact fields both lead forms collect; each lead and subscriber stores them. Their rules
 * and type are in shared/schemas/contact.ts; this list has no yup, for code that only copies them.
 */
export const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'jobTitle',
  'organization',
  'helpDescription',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Just the contact fields of a form's values or a stored item. */
export const pickContact = <Values extends Record<ContactField, string>>(values: Values): Pick<Values, ContactField> =>
  Object.fromEntries(CONTACT_FIELDS.map((field) => [field, values[field]])) as Pick<Values, ContactField>;
