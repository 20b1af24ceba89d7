import type { Audience } from '../../shared/constants/audiences';
import type { ContactDetails } from '../data/contact-details';

interface FormValues {
  email: string;
  firstName: string;
  lastName: string;
  jobTitle?: string;
  organization?: string;
  helpDescription?: string;
}

/** The person behind a form submission, email normalised so one address is one subscriber. */
export const leadDetails = (values: FormValues, audience: Audience): ContactDetails => ({
  audience,
  email: values.email.trim().toLowerCase(),
  firstName: values.firstName,
  lastName: values.lastName,
  jobTitle: values.jobTitle ?? '',
  organization: values.organization ?? '',
  helpDescription: values.helpDescription ?? '',
});
