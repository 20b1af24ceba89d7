/**
 * The headers CloudFront's `/api/*` behaviour forwards to API Gateway (its origin request policy).
 *
 * An allow-list, because CloudFront's header behaviours cannot say "every viewer header but Host,
 * plus CloudFront-Viewer-Address": `allExcept` adds no CloudFront headers, and
 * `allViewerAndWhitelistCloudFront` forwards Host, which the execute-api endpoint refuses (403).
 * See docs/decisions/0020-origin-verify.md and
 * https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_OriginRequestPolicyHeadersConfig.html
 */
import { BACKGROUND_REQUEST_HEADER } from '#shared/console/common.ts';

/**
 * What the handlers and API Gateway read from the viewer's request; nothing else is forwarded (no
 * cookies). The console's background marker keeps its timed re-reads from counting as activity.
 */
export const API_VIEWER_HEADERS = [
  'Accept',
  'Accept-Language',
  'Content-Type',
  'Origin',
  'Referer',
  'User-Agent',
  BACKGROUND_REQUEST_HEADER,
] as const;

/**
 * Added by CloudFront itself (overwriting any value a viewer sends): the viewer's "ip:port",
 * which the per-client limits count, and the viewer's country (from the address, at no extra
 * cost), which the visit counting keeps as a country code alone (docs/decisions/0081-privacy-first-analytics.md).
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/adding-cloudfront-headers.html
 */
export const API_CLOUDFRONT_HEADERS = ['CloudFront-Viewer-Address', 'CloudFront-Viewer-Country'] as const;
