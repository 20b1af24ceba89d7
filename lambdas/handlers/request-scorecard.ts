import * as API_SUCCESS from '#shared/constants/api-success.ts';
import { scorecardRequestSchema } from '#shared/schemas/scorecard.ts';
import { SCORECARD_FORM } from '../domain/lead-request';
import { leadFormRoute } from '../http/lead-form-route';

/** POST /api/employer/scorecard: 202, the email with the download link follows. */
export const handler = leadFormRoute({
  form: SCORECARD_FORM,
  schema: scorecardRequestSchema,
  accepted: { statusCode: 202, success: API_SUCCESS.scorecardRequested },
});
