import * as API_ERRORS from '../../shared/constants/api-errors';
import { HttpError } from '../http/http-error';
import { jsonResponse } from '../http/responses';
import { allowedMethods } from '../http/route-table';
import { httpHandler } from '../http/stack';

/**
 * ANY /api/{proxy+}: whatever no route matched. A known path with another method is 405
 * (with Allow), anything else a JSON 404, so the API never answers with the site's HTML.
 */
export const handler = httpHandler(async (event) => {
  const allowed = allowedMethods(event.rawPath);
  if (allowed.length > 0) return jsonResponse(405, { message: API_ERRORS.methodNotAllowed }, { allow: allowed.join(', ') });
  throw new HttpError(404, API_ERRORS.notFound);
});
