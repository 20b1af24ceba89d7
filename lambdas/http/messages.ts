/**
 * Server-only answers that the spec's catalogue (shared/constants/messages.ts) does not cover.
 * Same rule as there: a person reads them, so they say what to do next.
 */
export const SERVER_ERRORS = {
  bodyNotObject: 'The request body must be a JSON object.',
  wrongType: (field: string, expected: string) => `${field} must be ${expected}.`,
  oneClickMediaType:
    'Send List-Unsubscribe=One-Click as application/x-www-form-urlencoded or multipart/form-data.',
  oneClickBody: 'The request body must be List-Unsubscribe=One-Click.',
  downloadNotFound: 'We could not find that download link. Please request the scorecard again.',
} as const;
