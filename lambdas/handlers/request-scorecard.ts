import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as API_SUCCESS from '../../shared/constants/api-success';
import { scorecardRequestSchema, type ScorecardRequest } from '../../shared/schemas/scorecard';
import { requestScorecard } from '../domain/scorecard-request';
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

/**
 * POST /api/employer/scorecard: 202, the email with the download link follows from the
 * lead's stream. Duplicates and honeypot hits get the same answer, so bots learn nothing.
 */
export const handler = httpHandler<ValidatedEvent<ScorecardRequest>>(async (event) => {
  await requestScorecard(stores, event.validBody, nowSeconds());
  return jsonResponse(202, { success: API_SUCCESS.scorecardRequested });
}, jsonBody(() => scorecardRequestSchema));
