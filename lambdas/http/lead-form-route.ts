import type { AnyObject, ObjectSchema } from 'yup';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import type { ScorecardRequest } from '#shared/schemas/scorecard.ts';
import type { SignupRequest } from '#shared/schemas/signup.ts';
import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { submitLead, type LeadForm } from '../domain/lead-request';
import { submissionSettingsFromEnv } from '../domain/submission-settings';
import { nowSeconds } from '../runtime/clock';
import { requireEnv } from '../runtime/env';
import { clientLimitKey } from './client-address';
import { honeypot } from './honeypot';
import { jsonBody } from './json-body';
import { jsonResponse } from './responses';
import { httpHandler } from './stack';
import type { ValidatedEvent } from './types';

/** A withheld email waits for the firm, not for seconds: the visitor need not resend soon. */
const BUDGET_RETRY_AFTER_SECONDS = '3600';

/**
 * The handler of a public lead form (sign-up, scorecard): the honeypot before validation, the
 * shared schema, then submitLead. A stored submission and its resend get the same answer; a
 * refused one a 429, a stored one whose email is withheld by the hourly budget a 503.
 */
export const leadFormRoute = <TRequest extends SignupRequest | ScorecardRequest>(options: {
  form: LeadForm<TRequest>;
  schema: ObjectSchema<AnyObject>;
  accepted: { statusCode: number; success: string };
}) => {
  const db = createDynamoClient();
  const stores = {
    leads: { db, table: requireEnv('LEADS_TABLE') },
    subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
  };
  const settings = submissionSettingsFromEnv();
  const acceptedAnswer = () => jsonResponse(options.accepted.statusCode, { success: options.accepted.success });

  return httpHandler<ValidatedEvent<TRequest>>(
    async (event) => {
      const context = { ...settings, now: nowSeconds(), client: clientLimitKey(event) };
      const outcome = await submitLead(stores, options.form, event.validBody, context);
      if (outcome === 'withheld') {
        return jsonResponse(503, { message: API_ERRORS.formMailBudget }, { 'retry-after': BUDGET_RETRY_AFTER_SECONDS });
      }
      return acceptedAnswer();
    },
    honeypot(acceptedAnswer),
    jsonBody(() => options.schema),
  );
};
