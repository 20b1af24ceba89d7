import { fromEnv } from '@aws-sdk/credential-provider-env';
import * as API_ERRORS from '#shared/constants/api-errors.ts';
import { DOWNLOAD_LINK_TTL_SECONDS } from '#shared/constants/limits.ts';
import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { getLeadByKey } from '../data/leads';
import { grantImpliedConsent } from '../domain/implied-consent';
import { leadKeyOfToken, tokenMatches } from '../domain/lead-link-token';
import { Refusal } from '../domain/refusal';
import { DOWNLOAD_NOT_FOUND } from '../http/messages';
import { downloadTokenPath } from '../http/path-params';
import { redirectResponse } from '../http/responses';
import { httpHandler } from '../http/stack';
import { optionalEnv, requireEnv } from '../runtime/env';
import { nowSeconds } from '../runtime/clock';
import * as log from '../runtime/log';
import { presignedGetUrl } from '../runtime/presign-get';

const db = createDynamoClient();
const leads = { db, table: requireEnv('LEADS_TABLE') };
const subscribers = { db, table: requireEnv('SUBSCRIBERS_TABLE') };
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
 * The token names a scorecard lead and proves the link came from its email; it works
 * DOWNLOAD_LINK_TTL_SECONDS. Following it is the mailbox's own act, which starts the implied
 * consent of the inquiry; the person came for the file, so a failure to record that consent
 * is logged and the download goes on (the consent is then simply not given).
 */
export const handler = httpHandler(async (event) => {
  const token = downloadTokenPath(event);
  const lead = await getLeadByKey(leads, leadKeyOfToken(token)!);
  if (!lead || lead.type !== 'scorecard' || !tokenMatches(lead, token, 'download'))
    throw new Refusal('not-found', DOWNLOAD_NOT_FOUND);
  const now = nowSeconds();
  if (lead.createdAt + DOWNLOAD_LINK_TTL_SECONDS <= now) throw new Refusal('expired', API_ERRORS.downloadExpired);
  await grantImpliedConsent(subscribers, lead, now).catch((error: unknown) =>
    log.warn('Implied consent not recorded', { leadId: lead.id, error: String(error) }),
  );
  const fileName = scorecard.key.split('/').pop() ?? scorecard.key;
  return redirectResponse(
    await presignedGetUrl({ ...scorecard, fileName, expiresInSeconds: PRESIGNED_URL_SECONDS }, credentials),
  );
});
