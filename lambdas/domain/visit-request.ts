/**
 * What a page view is, read from the beacon's body and the request's headers
 * (docs/decisions/0081-privacy-first-analytics.md): the page's path, where the visit came from
 * (the referrer's host, the UTM values), the coarse device class and the country CloudFront names.
 * Nothing here identifies anyone: the daily visitor is computed apart (visitor-day.ts) and never
 * kept with these. Text from strangers is cut short and made one inert line (shared/inert-text.ts);
 * the console shows it as text and the CSV makes it formula-safe.
 */
import { NOT_SET, type DeviceClass } from '#shared/console/site.ts';
import { oneLine } from '#shared/inert-text.ts';
import { VISIT_VALUE_MAX, type VisitBeacon } from '#shared/site-visits.ts';

/** Where a visit came from and what it was seen on: the same for every page of a visitor's day (its first page's). */
export interface VisitOrigin {
  referrer: string;
  source: string;
  medium: string;
  campaign: string;
  country: string;
  device: DeviceClass;
}

/** One page view: the page, and where its visit came from. */
export interface PageView extends VisitOrigin {
  path: string;
}

/**
 * User agents that are not a person reading: crawlers, link previewers, monitors, performance
 * auditors, headless and automated browsers, and HTTP libraries. Their beacons are not counted
 * (a crawler that runs no script sends none at all).
 */
const NOT_A_PERSON =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|meta-externalagent|embedly|preview|whatsapp|telegram|discord|slack|skype|pinterest|headless|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|phantom|selenium|puppeteer|playwright|cypress|scrapy|httrack|feedfetcher|curl|wget|python|java\/|go-http|node-fetch|undici|axios|okhttp|httpclient/i;

/** Whether a user agent is a person's browser: every browser's starts `Mozilla/5.0`; scripts' rarely do. */
export const isPersonBrowsing = (userAgent: string): boolean =>
  userAgent.startsWith('Mozilla/5.0 ') && !NOT_A_PERSON.test(userAgent);

/**
 * The device class, from the user agent alone. iPads since iPadOS 13 send a desktop Safari's
 * agent by default, so they count as desktops.
 */
export const deviceClassOf = (userAgent: string): DeviceClass => {
  if (!userAgent) return 'unknown';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
};

/** CloudFront-Viewer-Country: an ISO 3166-1 alpha-2 code, or NOT_SET. */
export const countryOf = (header: string | undefined): string =>
  header && /^[A-Z]{2}$/.test(header.trim()) ? header.trim() : NOT_SET;

/**
 * A page's path as the site names it: percent-decoded, without a trailing slash (`/blog/` is
 * `/blog`), `/` for the home page. Undefined for what is no path of a page.
 */
export const pagePathOf = (raw: string): string | undefined => {
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.length > VISIT_VALUE_MAX.path) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
};

/** A host name as browsers give it (`www.linkedin.com`, `localhost:3000`); anything else is no host. */
const HOST = /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?$/;

/** A UTM value: one inert line, trimmed and cut short; NOT_SET when empty. */
const utmOf = (value: unknown): string => {
  const text = typeof value === 'string' ? oneLine(value).trim().slice(0, VISIT_VALUE_MAX.utm) : '';
  return text || NOT_SET;
};

/**
 * Where the visit came from: the referrer's host unless it is the site itself (a page of ours
 * linking to another is not where the visit came from) or no host at all.
 */
const referrerOf = (value: unknown, siteHost: string): string => {
  const host = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return host && host.length <= VISIT_VALUE_MAX.host && HOST.test(host) && host !== siteHost ? host : NOT_SET;
};

/** The beacon's body as a page view, or undefined when it is none (not JSON, no path of a page). */
export const pageViewOf = (
  body: string,
  headers: { userAgent: string; country: string | undefined },
  siteHost: string,
): PageView | undefined => {
  let beacon: Partial<VisitBeacon>;
  try {
    beacon = JSON.parse(body) as Partial<VisitBeacon>;
  } catch {
    return undefined;
  }
  const path = typeof beacon?.path === 'string' ? pagePathOf(beacon.path) : undefined;
  if (!path) return undefined;
  return {
    path,
    referrer: referrerOf(beacon.referrer, siteHost),
    source: utmOf(beacon.source),
    medium: utmOf(beacon.medium),
    campaign: utmOf(beacon.campaign),
    country: countryOf(headers.country),
    device: deviceClassOf(headers.userAgent),
  };
};
