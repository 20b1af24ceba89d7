import { fromEnv } from '@aws-sdk/credential-provider-env';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { DOWNLOAD_LINK_TTL_SECONDS } from '#shared/constants/limits.ts';
import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { getLeadByKey } from '../data/leads';
import { leadKeyOfToken, tokenMatches } from '../domain/lead-link-token';
import { HttpError } from '../http/http-error';
import { DOWNLOAD_NOT_FOUND } from '../http/messages';
import { downloadTokenPath } from '../http/path-params';
import { redirectResponse } from '../http/responses';
import { httpHandler } from '../http/stack';
import { optionalEnv, requireEnv } from '../runtime/env';
import { nowSeconds } from '../runtime/clock';
import { presignedGetUrl } from '../runtime/presign-get';

const leads = { db: createDynamoClient(), table: requireEnv('LEADS_TABLE') };
const scorecard = {
  bucket: requireEnv('SCORECARD_BUCKET'),
  key: requireEnv('SCORECARD_KEY'),
  region: requireEnv('AWS_REGION'),
  endpoint: optionalEnv('AWS_ENDPOINT_URL_S3'),
};
const credentials = fromEnv();

/** Long enough to start the download, short enough that a shared URL is useless later. */
const PRESIGNED_URL_SECONDS = 300;

/**
 * GET /api/employer/scorecard/download/{token}: the emailed link -> 302 to the private file.
 * The token names a scorecard lead and carries its secret; it works DOWNLOAD_LINK_TTL_SECONDS.
 */
export const handler = httpHandler(async (event) => {
  const token = downloadTokenPath(event);
  const lead = await getLeadByKey(leads, leadKeyOfToken(token)!);
  if (!lead || lead.type !== 'scorecard' || !tokenMatches(lead, token, 'download'))
    throw new HttpError(404, DOWNLOAD_NOT_FOUND);
  if (lead.createdAt + DOWNLOAD_LINK_TTL_SECONDS <= nowSeconds()) throw new HttpError(410, API_ERRORS.downloadExpired);
  const fileName = scorecard.key.split('/').pop() ?? scorecard.key;
  return redirectResponse(
    await presignedGetUrl({ ...scorecard, fileName, expiresInSeconds: PRESIGNED_URL_SECONDS }, credentials),
  );
});
