import * as yup from 'yup';
import { PASSKEY_NAME_MAX, SECURITY_MESSAGES } from './security';

/** A passkey's new name (SECURITY_ROUTES.rename), checked by the same schema in the page and the handler. */
export const passkeyRenameSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(SECURITY_MESSAGES.nameMissing)
    .max(PASSKEY_NAME_MAX, SECURITY_MESSAGES.nameTooLong),
});
