import {
  FORM_MAIL_HOLD_SECONDS,
  FORM_MAILS_PER_HOUR,
  FORM_MAILS_WINDOW_SECONDS,
  SUBMISSIONS_PER_CLIENT_PER_HOUR,
  SUBMISSIONS_PER_NETWORK_PER_HOUR,
} from '#shared/constants/limits.ts';
import { deliveryPolicyFromEnv } from '../mail/delivery-policy';
import { optionalNumberEnv } from '../runtime/env';
import type { FormMailBudget } from './form-mail-budget';
import type { LimitSettings } from './submission-limits';

/** The form-mail budget's knobs: the forms reserve turns in it, the mailer for held emails (held-mail.ts). */
export const formMailBudgetFromEnv = (): FormMailBudget => ({
  perWindow: optionalNumberEnv('FORM_MAILS_PER_HOUR', FORM_MAILS_PER_HOUR),
  windowSeconds: optionalNumberEnv('FORM_MAILS_WINDOW_SECONDS', FORM_MAILS_WINDOW_SECONDS),
  holdSeconds: optionalNumberEnv('FORM_MAIL_HOLD_SECONDS', FORM_MAIL_HOLD_SECONDS),
});

/** The form handlers' settings: limits (CDK context or the local stack's environment) and the delivery window. */
export const submissionSettingsFromEnv = () => ({
  limits: {
    submissionsPerClientPerHour: optionalNumberEnv('SUBMISSIONS_PER_CLIENT_PER_HOUR', SUBMISSIONS_PER_CLIENT_PER_HOUR),
    submissionsPerNetworkPerHour: optionalNumberEnv(
      'SUBMISSIONS_PER_NETWORK_PER_HOUR',
      SUBMISSIONS_PER_NETWORK_PER_HOUR,
    ),
    formMail: formMailBudgetFromEnv(),
  } satisfies LimitSettings,
  delivery: deliveryPolicyFromEnv(),
});
