import { VIEWER_COUNTRY_HEADER } from '#shared/origin-headers.ts';
import { VIEWS_PER_VISITOR_PER_DAY, VISIT_BODY_MAX_BYTES, VISITORS_PER_CLIENT_PER_DAY } from '#shared/site-visits.ts';
import { countPageView, pageViewCounting } from '../domain/visit-counting';
import { daySalts } from '../domain/visitor-day';
import { sitePages } from '../domain/site-pages';
import { clientAddress, clientLimitKey } from '../http/client-address';
import { readRawBody } from '../http/raw-body';
import { emptyResponse } from '../http/responses';
import { httpHandler } from '../http/stack';
import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { nowSeconds } from '../runtime/clock';
import { optionalNumberEnv, requireEnv } from '../runtime/env';

const store = { db: createDynamoClient(), table: requireEnv('ANALYTICS_TABLE') };
const siteUrl = requireEnv('SITE_URL');
const counting = pageViewCounting({
  store,
  salts: daySalts(store),
  siteHost: new URL(siteUrl).host,
  // The site's own sitemap, fetched from the site as a visitor would (lambdas/domain/site-pages.ts).
  isPage: sitePages(siteUrl, (url, signal) => fetch(url, { signal })),
  bounds: {
    viewsPerVisitor: optionalNumberEnv('VIEWS_PER_VISITOR_PER_DAY', VIEWS_PER_VISITOR_PER_DAY),
    visitorsPerClient: optionalNumberEnv('VISITORS_PER_CLIENT_PER_DAY', VISITORS_PER_CLIENT_PER_DAY),
  },
});

/**
 * POST /api/visits: a page view from the public pages' beacon (docs/decisions/0081-privacy-first-analytics.md).
 * 204 whether it was counted or not: the page does not wait for it, and a stranger learns nothing.
 */
export const handler = httpHandler(async (event) => {
  // A body larger than any beacon is no page view: nothing to count, and nothing to tell its sender.
  let body: string;
  try {
    body = readRawBody(event, VISIT_BODY_MAX_BYTES);
  } catch {
    return emptyResponse(204);
  }
  await countPageView(
    counting,
    { body, country: event.headers?.[VIEWER_COUNTRY_HEADER] },
    {
      address: clientAddress(event),
      clientKey: clientLimitKey(event),
      userAgent: event.headers?.['user-agent'] ?? '',
      now: nowSeconds(),
    },
  );
  return emptyResponse(204);
});
