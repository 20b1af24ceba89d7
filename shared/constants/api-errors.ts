/** Error messages the API returns in `message` (shown in red by the pages). */
export const subscriberNotFound = 'We could not find that subscription. The link may be incomplete or expired.';
export const malformedJson = 'The request body is not valid JSON.';
export const unsupportedMediaType = 'Send the request body as application/json.';
export const bodyTooLarge = 'The request body is too large.';
export const methodNotAllowed = 'This method is not allowed here.';
export const notFound = 'Not found.';
export const unknownFields = (fields: string[]) => `Unknown field(s): ${fields.join(', ')}.`;
export const scorecardLimit =
  'We have already sent several scorecards to this email address today. Please check your inbox or try again tomorrow.';
export const signupLimit =
  'We have already received several messages from this email address today. We will be in touch within 24 hours.';
export const downloadExpired = 'This download link has expired. Please request the scorecard again.';
export const internal = 'Something went wrong on our side. Please try again in a few minutes.';
export const confirmationNotFound = 'We could not find that confirmation link. Please sign up again.';
export const confirmationExpired = 'This confirmation link has expired. Please sign up again.';
export const tooManySubmissions =
  'We have received many submissions from your connection in the last hour. Please try again later.';
export const dependencyUnavailable = 'We could not save your request just now. Please try again in a minute.';
