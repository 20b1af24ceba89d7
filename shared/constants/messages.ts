/**
 * Every text of the spec that a visitor can read, verbatim (spec §2, §5, §8).
 * Tests assert these exact strings; change them only when the spec changes.
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
  /** The 'candidate' thank-you variant used on /candidate (spec §2). */
  candidate: {
    title: 'Thank you for your interest.',
    subtitle: 'We will be in touch soon to help you find work that fits you.',
  },
  unsubscribed: {
    title: 'We are sorry to see you go.',
    subtitle:
      'You have been removed from our mailing list database. You are welcome to sign up again at any time.',
  },
  preferencesUpdated: {
    title: 'Thank you for updating your preferences.',
    subtitle: 'Your email preferences have been saved.',
  },
} as const;

/** Success messages the API returns in `success` (shown in success style by the pages). */
export const API_SUCCESS = {
  unsubscribed: 'You have been unsubscribed.',
  preferencesSaved: 'Your email preferences have been updated.',
  scorecardRequested: 'Thank you. The Human Relations Scorecard is on its way to your inbox.',
  signedUp: 'Thank you. We will be in touch within 24 hours.',
} as const;

/** Error messages the API returns in `message` (shown in red by the pages). */
export const API_ERRORS = {
  subscriberNotFound: 'We could not find that subscription. The link may be incomplete or expired.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Send the request body as application/json.',
  bodyTooLarge: 'The request body is too large.',
  methodNotAllowed: 'This method is not allowed here.',
  notFound: 'Not found.',
  unknownFields: (fields: string[]) => `Unknown field(s): ${fields.join(', ')}.`,
  scorecardLimit:
    'We have already sent several scorecards to this email address today. Please check your inbox or try again tomorrow.',
  downloadExpired: 'This download link has expired. Please request the scorecard again.',
  internal: 'Something went wrong on our side. Please try again in a few minutes.',
} as const;
