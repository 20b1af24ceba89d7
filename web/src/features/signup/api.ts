import type { Audience } from '#shared/constants/audiences.ts';
import { apiPath } from '#shared/paths.ts';
import { signupFormSchema, type SignupFormValues, type SignupRequest } from '#shared/schemas/signup.ts';
import { requestJson, successText } from '../../lib/api-client';

/** The request body: the form's values (trimmed as the schema casts them) and the page's audience. */
export function toSignupRequest(values: SignupFormValues, audience: Audience): SignupRequest {
  return { ...signupFormSchema.cast(values), audience };
}

/** POST /api/signup; resolves with the API's `success` text (docs/architecture.md#the-api-contract). */
export async function requestSignup(request: SignupRequest): Promise<string> {
  return successText(await requestJson(apiPath('signup'), { method: 'POST', body: request }));
}
