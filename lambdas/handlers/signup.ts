import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as API_SUCCESS from '../../shared/constants/api-success';
import { signupRequestSchema, type SignupRequest } from '../../shared/schemas/signup';
import { signUp } from '../domain/signup-request';
import { jsonBody } from '../http/json-body';
import { jsonResponse } from '../http/responses';
import { httpHandler } from '../http/stack';
import type { ValidatedEvent } from '../http/types';
import { requireEnv } from '../runtime/env';
import { nowSeconds } from '../runtime/clock';

const db = new DynamoDBClient({});
const stores = {
  leads: { db, table: requireEnv('LEADS_TABLE') },
  subscribers: { db, table: requireEnv('SUBSCRIBERS_TABLE') },
};

/** POST /api/signup: the candidate sign-up and the contact form. Duplicates get the same 200. */
export const handler = httpHandler<ValidatedEvent<SignupRequest>>(async (event) => {
  await signUp(stores, event.validBody, nowSeconds());
  return jsonResponse(200, { success: API_SUCCESS.signedUp });
}, jsonBody(() => signupRequestSchema));
