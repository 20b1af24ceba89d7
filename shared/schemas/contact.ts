import * as yup from 'yup';
import { CONTACT_FIELDS, type ContactField } from '../constants/contact-fields';
import { FIELD_MAX } from '../constants/limits';
import { emailField, optionalText, requiredName } from './fields';

/** The wording that differs between the scorecard form and the contact/sign-up form. */
export interface ContactWording {
  firstNameRequired: string;
  lastNameRequired: string;
  /** The label of the optional message field in its length message. */
  helpDescription: string;
}

/** The rules of the contact fields (shared/constants/contact-fields.ts) in a form's wording, for its schema. */
export const contactFields = (wording: ContactWording) =>
  ({
    firstName: requiredName(wording.firstNameRequired, 'First Name'),
    lastName: requiredName(wording.lastNameRequired, 'Last Name'),
    email: emailField(),
    jobTitle: optionalText('Job Title', FIELD_MAX.jobTitle),
    organization: optionalText('Organization', FIELD_MAX.organization),
    helpDescription: optionalText(wording.helpDescription, FIELD_MAX.helpDescription),
  }) satisfies Record<ContactField, yup.AnySchema>;

type ContactSchemas = ReturnType<typeof contactFields>;
/** The contact fields as the forms send them (trimmed; optional ones default to ''). */
export type ContactFields = { [Field in ContactField]: yup.InferType<ContactSchemas[Field]> };

/** An empty form's contact fields. */
export const EMPTY_CONTACT = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, ''])) as ContactFields;
