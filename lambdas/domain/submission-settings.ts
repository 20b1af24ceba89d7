import { FORM_MAILS_PER_HOUR, SUBMISSIONS_PER_CLIENT_PER_HOUR } from '#shared/constants/limits.ts';
import { deliveryPolicyFromEnv } from '../mail/delivery-policy';
import { optionalNumberEnv } from '../runtime/env';
import type { LimitSettings } from './submission-limits';

/** The form handlers' settings: limits (CDK context or the local stack's environment) and the delivery window. */
export const submissionSettingsFromEnv = () => ({
  limits: {
    submissionsPerClientPerHour: optionalNumberEnv('SUBMISSIONS_PER_CLIENT_PER_HOUR', SUBMISSIONS_PER_CLIENT_PER_HOUR),
    formMailsPerHour: optionalNumberEnv('FORM_MAILS_PER_HOUR', FORM_MAILS_PER_HOUR),
  } satisfies LimitSettings,
  delivery: deliveryPolicyFromEnv(),
});
