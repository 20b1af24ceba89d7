/**
 * The site's visit beacon (docs/decisions/0081-privacy-first-analytics.md): one
 * `navigator.sendBeacon` per page shown, with the page's path, the referrer's host and the page
 * address's three UTM values, nothing else. No cookie, no storage, no identifier: the server makes
 * the day's visitor itself, and forgets it with the day. The browser sends it without delaying the
 * page or its unload; the answer (204) is never read.
 */
import { apiPath } from '#shared/paths.ts';
import type { VisitBeacon } from '#shared/site-visits.ts';

const UTM = ['source', 'medium', 'campaign'] as const;

/** Sends the beacon of a page view (a prerendered page that is not shown yet: when it is). */
export function countVisit(path: string): void {
  const beacon: VisitBeacon = { path };
  try {
    if (document.referrer) beacon.referrer = new URL(document.referrer).host;
  } catch {
    // Not an address: no referrer.
  }
  const query = new URLSearchParams(location.search);
  for (const name of UTM) beacon[name] = query.get(`utm_${name}`) ?? undefined;
  const send = () => navigator.sendBeacon?.(apiPath('collectVisit'), JSON.stringify(beacon));
  if ((document as { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', send, { once: true });
  } else send();
}
