import * as yup from 'yup';
import { FIELD_MAX } from '../constants/limits';
import { VALIDATION } from '../constants/messages';
import { emailField, honeypotField, optionalText, requiredName, unixSeconds } from './fields';

/** What the visitor fills in on /employer/form (spec §3, §5). Formik validates with this. */
export const scorecardFormSchema = yup.object({
  firstName: requiredName(VALIDATION.firstNameRequired, 'First Name'),
  lastName: requiredName(VALIDATION.lastNameRequired, 'Last Name'),
  email: emailField(),
  jobTitle: optionalText('Job Title', FIELD_MAX.jobTitle),
  organization: optionalText('Organization', FIELD_MAX.organization),
  helpDescription: optionalText('How can we help', FIELD_MAX.helpDescription),
  /** The terms box (required, the spec's message). */
  signupMe: yup.boolean().defined().oneOf([true], VALIDATION.acceptTerms),
  /** Marketing email: its own optional, unticked box; confirmed by email before anything is sent. */
  marketingConsent: yup.boolean().default(false),
  website: honeypotField(),
});
export type ScorecardFormValues = yup.InferType<typeof scorecardFormSchema>;

/** What the form posts: its values plus formType and the spec's Unix-second timestamps. */
export const scorecardRequestSchema = scorecardFormSchema.shape({
  formType: yup.string().defined().oneOf(['Employer'], "formType must be 'Employer'"),
  createdAt: unixSeconds().defined(),
  updatedAt: unixSeconds().defined(),
});
export type ScorecardRequest = yup.InferType<typeof scorecardRequestSchema>;
