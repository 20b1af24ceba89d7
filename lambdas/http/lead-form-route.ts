import type { AnyObject, ObjectSchema } from 'yup';
import type { ScorecardRequest } from '#shared/schemas/scorecard.ts';
import type { SignupRequest } from '#shared/schemas/signup.ts';
import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { submitLead, type FormIntake } from '../domain/lead-request';
import { submissionSettingsFromEnv } from '../domain/submission-settings';
import { nowSeconds } from '../runtime/clock';
import { requireEnv } from '../runtime/env';
import { clientLimitKey, clientNetworkKey } from './client-address';
import { honeypot } from './honeypot';
import { jsonBody } from './json-body';
import { jsonResponse } from './responses';
import { siteConversions } from './site-conversions';
import { httpHandler } from './stack';
import type { ValidatedEvent } from './types';

/**
 * The handler of a public lead form (sign-up, scorecard): the honeypot before validation, the
 * shared schema, then submitLead. A stored submission gets the same answer whether it is new or
 * a resend and whether its email goes now or waits for the form-mail budget, so the answer
 * tells nothing about the address (docs/decisions/0003-abuse-limits.md); a refused one a 429.
 * A lead stored (not a resend) is the site's conversion of that form (./site-conversions.ts).
 */
export const leadFormRoute = <TRequest extends SignupRequest | ScorecardRequest>(options: {
  form: FormIntake<TRequest>;
  schema: ObjectSchema<AnyObject>;
  accepted: { statusCode: number; success: string };
}) => {
  const db = createDynamoClient();
  const stores = {
    leads: { db, table: requireEnv('LEADS_TABLE') },
    subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
  };
  const settings = submissionSettingsFromEnv();
  const countConversion = siteConversions(db);
  const acceptedAnswer = () => jsonResponse(options.accepted.statusCode, { success: options.accepted.success });

  return httpHandler<ValidatedEvent<TRequest>>(
    async (event) => {
      const context = {
        ...settings,
        now: nowSeconds(),
        client: clientLimitKey(event),
        networks: [clientNetworkKey(event)],
      };
      if (await submitLead(stores, options.form, event.validBody, context)) {
        await countConversion(options.form.type, event, context.now);
      }
      return acceptedAnswer();
    },
    honeypot(acceptedAnswer),
    jsonBody(() => options.schema),
  );
};
