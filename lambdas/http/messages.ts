/**
 * Server-only answers that the spec's catalogue (shared/constants/messages.ts) does not cover.
 * Same rule as there: a person reads them, so they say what to do next. Separate constants,
 * so each handler bundle carries only the texts it can answer with.
 */
export const BODY_NOT_OBJECT = 'The request body must be a JSON object.';
export const wrongType = (field: string, expected: string) => `${field} must be ${expected}.`;
export const ONE_CLICK_MEDIA_TYPE =
  'Send List-Unsubscribe=One-Click as application/x-www-form-urlencoded or multipart/form-data.';
export const ONE_CLICK_BODY = 'The request body must be List-Unsubscribe=One-Click.';
export const DOWNLOAD_NOT_FOUND = 'We could not find that download link. Please request the scorecard again.';
