import * as yup from 'yup';
import { AUDIENCES } from '../constants/audiences';
import { VALIDATION } from '../constants/messages';
import { contactFields } from './contact';
import { honeypotField } from './fields';

/** Its optional 'How can we help?' message is labelled 'Message'. */
const { email, ...otherContactFields } = contactFields({
  firstNameRequired: VALIDATION.signupFirstNameRequired,
  lastNameRequired: VALIDATION.signupLastNameRequired,
  helpDescription: 'Message',
});

/**
 * The contact/sign-up form on /candidate and /contact (docs/spec/site-spec.md#3-entities-and-their-fields,
 * #5-validation-rules); email comes first, as on the page.
 */
export const signupFormSchema = yup.object({
  email,
  ...otherContactFields,
  signupMe: yup.boolean().defined().oneOf([true], VALIDATION.privacyPolicy),
  website: honeypotField(),
});
export type SignupFormValues = yup.InferType<typeof signupFormSchema>;

/** What the form posts: its values plus the audience of the page it was sent from. */
export const signupRequestSchema = signupFormSchema.shape({
  audience: yup
    .string()
    .defined()
    .oneOf([...AUDIENCES], 'audience must be candidate or employer'),
});
export type SignupRequest = yup.InferType<typeof signupRequestSchema>;
