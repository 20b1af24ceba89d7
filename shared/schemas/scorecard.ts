import * as yup from 'yup';
import { VALIDATION } from '../constants/messages';
import { contactFields } from './contact';
import { honeypotField, unixSeconds } from './fields';

/**
 * What the visitor fills in on /employer/form (docs/spec/site-spec.md#3-entities-and-their-fields,
 * #5-validation-rules). Formik validates with this.
 */
export const scorecardFormSchema = yup.object({
  ...contactFields({
    firstNameRequired: VALIDATION.firstNameRequired,
    lastNameRequired: VALIDATION.lastNameRequired,
    helpDescription: 'How can we help',
  }),
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
