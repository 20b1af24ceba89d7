/**
 * Counting a page view and a conversion under the day's visitor (docs/decisions/0081-privacy-first-analytics.md).
 *
 * A page view (the beacon): a person's browser (not a crawler, not a script) viewed a page the site
 * lists, and neither the visitor nor its client is over its day's bound. The common case is one
 * write (UpdateItem); a visitor's first view of the day adds one more, its client's count of new
 * visitors. A client or a visitor over its bound is remembered for the day in this process, so its
 * next beacons cost no write at all.
 *
 * A conversion (a stored scorecard request or sign-up, a confirmed subscription): the same hash
 * computed from the form's request finds the day's visit, and the conversion is counted on it. The
 * lead's record never holds the hash, the visit or anything of the browsing; the visit's record
 * holds no lead.
 */
import type { ConversionKind } from '#shared/console/site.ts';
import { countClientVisitor, recordConversion, recordView, refuseVisit, type ViewOutcome } from '../data/site-visits';
import type { TableStore } from '../data/stores';
import { clientOf, rawRecordsExpireAt, visitorOf, type DaySalts } from './visitor-day';
import { isPersonBrowsing, pageViewOf } from './visit-request';

export interface VisitCounting {
  store: TableStore;
  salts: DaySalts;
  /** The site's host (SITE_URL's): part of the hash, and a referrer that is no source. */
  siteHost: string;
}

/** Who sent a request, as the hash and the bounds read it; never stored. */
export interface Requester {
  /** The client's address (clientAddress, lambdas/http/client-address.ts). */
  address: string;
  /** The key the per-client limits count under (clientLimitKey: an IPv4 address or an IPv6 /64). */
  clientKey: string;
  userAgent: string;
  now: number;
}

/** What one visitor and one client may count in a day (shared/site-visits.ts). */
export interface VisitBounds {
  viewsPerVisitor: number;
  visitorsPerClient: number;
}

export interface PageViewCounting extends VisitCounting {
  /** Whether a path is one of the site's pages (site-pages.ts). */
  isPage: (path: string) => Promise<boolean>;
  bounds: VisitBounds;
  /** Clients and visitors over their bound today, by their salted keys: this process's memory only. */
  overBound?: Set<string>;
}

export const pageViewCounting = (counting: Omit<PageViewCounting, 'overBound'>): PageViewCounting => ({
  ...counting,
  overBound: new Set(),
});

/** Counts one beacon; what it did (nothing for a crawler, a path of no page or a client over its bound). */
export const countPageView = async (
  counting: PageViewCounting,
  beacon: { body: string; country: string | undefined },
  requester: Requester,
): Promise<ViewOutcome> => {
  if (!isPersonBrowsing(requester.userAgent)) return 'not-counted';
  const view = pageViewOf(beacon.body, { userAgent: requester.userAgent, country: beacon.country }, counting.siteHost);
  if (!view || !(await counting.isPage(view.path))) return 'not-counted';
  const salted = await counting.salts(requester.now);
  const site = counting.siteHost;
  const client = clientOf(salted, { site, clientKey: requester.clientKey });
  const visitor = visitorOf(salted, { site, address: requester.address, userAgent: requester.userAgent });
  const remembered = { client: `${salted.day}#client#${client}`, visitor: `${salted.day}#visitor#${visitor}` };
  const overBound = counting.overBound ?? new Set();
  if (overBound.has(remembered.client) || overBound.has(remembered.visitor)) return 'not-counted';
  // Yesterday's keys are no use today: keep the memory to one day's.
  for (const key of overBound) if (!key.startsWith(`${salted.day}#`)) overBound.delete(key);

  const expiresAt = rawRecordsExpireAt(salted.day);
  const { path, ...origin } = view;
  const outcome = await recordView(
    counting.store,
    { day: salted.day, visitor, now: requester.now, expiresAt, path, origin: { ...origin, entry: path } },
    counting.bounds.viewsPerVisitor,
  );
  if (outcome === 'not-counted') overBound.add(remembered.visitor);
  if (outcome !== 'first') return outcome;
  const newVisitors = await countClientVisitor(counting.store, {
    day: salted.day,
    client,
    now: requester.now,
    expiresAt,
  });
  if (newVisitors <= counting.bounds.visitorsPerClient) return outcome;
  overBound.add(remembered.client);
  await refuseVisit(counting.store, salted.day, visitor);
  return 'not-counted';
};

/** Counts a conversion under the requester's visit of the day (made if the day had no page view). */
export const countConversion = async (
  counting: VisitCounting,
  kind: ConversionKind,
  requester: Pick<Requester, 'address' | 'userAgent' | 'now'>,
): Promise<void> => {
  const salted = await counting.salts(requester.now);
  const visitor = visitorOf(salted, {
    site: counting.siteHost,
    address: requester.address,
    userAgent: requester.userAgent,
  });
  await recordConversion(counting.store, {
    day: salted.day,
    visitor,
    now: requester.now,
    expiresAt: rawRecordsExpireAt(salted.day),
    kind,
  });
};
