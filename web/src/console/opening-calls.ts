import { CONSOLE_PAGE } from '#shared/console-api.ts';
import { startEarly } from './early-answers';
import { auditPage } from './screens/audit/audit-api';
import { filtersAt, searchTermOf } from './screens/leads/inbox-filters';
import { leadOf, leadsPage } from './screens/leads/leads-api';
import { filterFromQuery } from './screens/subscribers/subscriber-filter';
import { subscriberPage } from './screens/subscribers/subscribers-api';
import { siteReport } from './screens/site/site-api';
import { firmToday, rangeChoiceOf } from './screens/site/site-range';
import { wasSignedIn } from './signed-in-hint';

/**
 * The opening screen's first reads, started before the console renders (main.tsx;
 * docs/decisions/0064-console-one-file-and-early-data.md) so they travel alongside the session
 * check. Each goes through the function the screen itself calls, with the same arguments, so its
 * URL is stated once and the screen's first call takes the answer (early-answers.ts). It imports
 * no React, yup or screen module, only the screens' API functions: a start-up script of its own
 * could run it (tried, and slower on the budget's profile: 0064).
 */

/** The screen /admin opens on (and a fresh enrolment): the first of screens.ts. */
export const LANDING_SCREEN = 'leads';

/**
 * Per screen path (relative to /admin), its first reads for the page opened at `rest` (the path
 * under the screen's own), `query` and `state` (the history entry's, as the screen's useLocation()
 * gives it). None for a screen that asks nothing on opening (People: the address is typed first);
 * Campaigns asks for itself.
 */
type OpeningReads = (rest: string, query: URLSearchParams, state: unknown) => Promise<unknown>[];

const OPENING_READS = new Map<string, OpeningReads>([
  // The inbox (LeadsInbox), or a lead's page (LeadPage, leads/<id>).
  [
    LANDING_SCREEN,
    (rest, query, state) => [rest ? leadOf(rest) : leadsPage(filtersAt(query, searchTermOf(state)), undefined)],
  ],
  ['audit', () => [auditPage(undefined)]],
  ['subscribers', (_rest, query) => [subscriberPage(filterFromQuery(query), undefined)]],
  // None for a range the rules refuse: the screen says why instead of asking.
  [
    'site',
    (_rest, query) => {
      const { range } = rangeChoiceOf(query, firmToday());
      return range ? [siteReport(range)] : [];
    },
  ],
]);

/** The reads of the screen at `pathname`; none for an address the browser cannot decode (the screen says so). */
function openingReads({ pathname, search }: Pick<Location, 'pathname' | 'search'>, historyState: unknown) {
  const [first = '', ...rest] = pathname.slice(CONSOLE_PAGE.length).split('/').filter(Boolean);
  const reads = OPENING_READS.get(first || LANDING_SCREEN);
  if (!reads) return [];
  let under: string;
  try {
    under = rest.map(decodeURIComponent).join('/');
  } catch {
    return [];
  }
  // react-router's BrowserRouter keeps a navigation's `state` as `usr` in the entry's own state
  // (createBrowserHistory in react-router 7: `{ usr: location.state, key, idx }`).
  const state =
    typeof historyState === 'object' && historyState !== null ? (historyState as { usr?: unknown }).usr : undefined;
  return reads(under, new URLSearchParams(search), state);
}

/**
 * Starts the reads of the screen at `location` (the page's own address, with the state
 * react-router keeps in its history entry) when an owner was signed in on this browser last time
 * (signed-in-hint.ts). A stranger's browser asks only the session check (session.tsx), which
 * answers 200 either way: no refused call for the browser to log.
 */
export function startOpeningReads(location: Pick<Location, 'pathname' | 'search'>, historyState: unknown): void {
  if (wasSignedIn()) startEarly(() => openingReads(location, historyState));
}
