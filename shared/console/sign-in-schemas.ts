import * as yup from 'yup';
import { emailField } from '../schemas/fields';

/**
 * The console's sign-in bodies, checked by the same schemas in the page and the handler. The
 * WebAuthn responses are checked for shape here and for everything else by the verification.
 */
export const enrolmentLinkSchema = yup.object({ email: emailField() });

/** An enrolment link's token: 128 random bits in base64url. */
const linkToken = () =>
  yup
    .string()
    .required()
    .matches(/^[A-Za-z0-9_-]{22}$/, 'This sign-in link is not complete. Please open it again from your email.');

const ceremonyResponse = () =>
  yup
    .object({
      id: yup.string().required().max(1024),
      rawId: yup.string().required().max(1024),
      type: yup.string().required().oneOf(['public-key']),
      response: yup.object({ clientDataJSON: yup.string().required().max(4096) }).required(),
    })
    .required();

export const registrationOptionsSchema = yup.object({ token: linkToken() });
export const registrationSchema = yup.object({ token: linkToken(), response: ceremonyResponse() });
export const authenticationSchema = yup.object({ response: ceremonyResponse() });
