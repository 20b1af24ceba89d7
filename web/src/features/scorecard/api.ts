import { apiPath } from '#shared/paths.ts';
import { scorecardFormSchema, type ScorecardFormValues, type ScorecardRequest } from '#shared/schemas/scorecard.ts';
import { requestJson, successText } from '../../lib/api-client';

/** The request body: the form's values (trimmed as the schema casts them), formType and timestamps. */
export function toScorecardRequest(values: ScorecardFormValues, nowSeconds: number): ScorecardRequest {
  return {
    ...scorecardFormSchema.cast(values),
    formType: 'Employer',
    createdAt: nowSeconds,
    updatedAt: nowSeconds,
  };
}

/** POST /api/employer/scorecard; resolves with the API's `success` text (docs/architecture.md#the-api-contract). */
export async function requestScorecard(request: ScorecardRequest): Promise<string> {
  return successText(await requestJson(apiPath('requestScorecard'), { method: 'POST', body: request }));
}
