/**
 * Every text of the spec that a visitor can read, verbatim
 * (docs/spec/site-spec.md#2-screens-and-routes, #5-validation-rules, #8-the-error-catalogue). Tests
 * assert these exact strings; change them only when the spec changes.
 */
export const VALIDATION = {
  firstNameRequired: 'First Name is Required*',
  lastNameRequired: 'Last Name is Required*',
  emailRequired: 'Email is Required*',
  emailInvalid: 'Invalid email',
  /** Trailing space is part of the spec's text. */
  emailDomainInvalid: 'Email is invalid ',
  acceptTerms: 'You need to accept the terms and conditions',
  privacyPolicy: 'Please Select A Privacy Policy',
  minimumOneOption: 'Please Select Minimum one option compulsory!',
  // The spec leaves the contact form's field wording open; these follow the scorecard's style.
  signupFirstNameRequired: 'First Name is Required*',
  signupLastNameRequired: 'Last Name is Required*',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  // Names reach the firm's notification subject and the console, so they are kept to names (shared/schemas/name.ts).
  nameCharacters: (label: string) => `${label} may contain only letters, spaces, apostrophes, hyphens and periods`,
  nameWebAddress: (label: string) => `${label} may not contain a web address`,
  nameSentence: (label: string) => `${label} must be a name, not a sentence`,
  nameWords: (label: string, max: number) => `${label} may have at most ${max} words`,
} as const;

export const MODALS = {
  scorecard: {
    title: 'Thank you for requesting the Human Relations Scorecard.',
    subtitle: 'You will receive an email shortly with the a link to download the Scorecard.',
  },
  interest: {
    title: 'Thank you for your interest.',
    subtitle: 'We strive to answer all inquiries within 24 hours.',
  },
  /** The 'candidate' thank-you variant used on /candidate (docs/spec/site-spec.md#2-screens-and-routes). */
  candidate: {
    title: 'Thank you for your interest.',
    subtitle: 'We will be in touch soon to help you find work that fits you.',
  },
  unsubscribed: {
    title: 'We are sorry to see you go.',
    subtitle: 'You have been removed from our mailing list database. You are welcome to sign up again at any time.',
  },
  preferencesUpdated: {
    title: 'Thank you for updating your preferences.',
    subtitle: 'Your email preferences have been saved.',
  },
  /** A resubscribe from the preferences page: nothing changes until the mailbox confirms. */
  resubscribeRequested: {
    title: 'Thank you for updating your preferences.',
    subtitle: 'Please confirm with the link we have emailed you. Until you do, we send you nothing.',
  },
} as const;

/** The API's messages, one named export each so a handler bundles only the texts it uses. */
export * as API_SUCCESS from './api-success';
export * as API_ERRORS from './api-errors';
