import * as yup from 'yup';
import { AUDIENCES } from '../constants/audiences';
import { FIELD_MAX } from '../constants/limits';
import { VALIDATION } from '../constants/messages';
import { emailField, honeypotField, optionalText, requiredName } from './fields';

/** The contact/sign-up form on /candidate and /contact (spec §3, §5). */
export const signupFormSchema = yup.object({
  email: emailField(),
  firstName: requiredName(VALIDATION.signupFirstNameRequired, 'First Name'),
  lastName: requiredName(VALIDATION.signupLastNameRequired, 'Last Name'),
  jobTitle: optionalText('Job Title', FIELD_MAX.jobTitle),
  organization: optionalText('Organization', FIELD_MAX.organization),
  /** The optional 'How can we help?' message. */
  helpDescription: optionalText('Message', FIELD_MAX.helpDescription),
  signupMe: yup.boolean().defined().oneOf([true], VALIDATION.privacyPolicy),
  website: honeypotField(),
});
export type SignupFormValues = yup.InferType<typeof signupFormSchema>;

/** What the form posts: its values plus the audience of the page it was sent from. */
export const signupRequestSchema = signupFormSchema.shape({
  audience: yup.string().defined().oneOf([...AUDIENCES], 'audience must be candidate or employer'),
});
export type SignupRequest = yup.InferType<typeof signupRequestSchema>;
