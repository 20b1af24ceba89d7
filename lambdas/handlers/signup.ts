import * as API_SUCCESS from '#shared/constants/api-success.ts';
import { signupRequestSchema } from '#shared/schemas/signup.ts';
import { SIGNUP_FORM } from '../domain/lead-request';
import { leadFormRoute } from '../http/lead-form-route';

/** POST /api/signup: the candidate sign-up and the contact form; the confirmation email follows. */
export const handler = leadFormRoute({
  form: SIGNUP_FORM,
  schema: signupRequestSchema,
  accepted: { statusCode: 200, success: API_SUCCESS.signedUp },
});
