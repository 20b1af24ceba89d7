import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CONSOLE_PAGE } from '#shared/console/common.ts';
import { wasSignedIn } from '../session/signed-in-hint';
import { startEarly } from '../client/early-answers';
import { auditPage } from './audit/audit-api';
import { filtersAt, searchTermOf } from './leads/inbox-filters';
import { leadOf, leadsPage } from './leads/leads-api';
import { siteReport } from './site/site-api';
import { firmToday, rangeChoiceOf } from './site/site-range';
import { filterFromQuery } from './subscribers/subscriber-filter';
import { subscriberPage } from './subscribers/subscribers-api';

/**
 * The console's screens, in navigation order (docs/architecture.md#the-consoles-web-code): a new
 * screen is its folder here (screens/<name>/: the screen, its API calls, its words) and one entry
 * below, which gives its route, its navigation link, its module and its early reads.
 *
 * Each module runs the first time its screen opens (it is in the console's one script file:
 * docs/decisions/0064-console-one-file-and-early-data.md, 0066). The screen the page opens on runs
 * its module, and asks for its first data, while the session is checked (startOpening, from
 * main.tsx), so the data travels alongside the session check. Early reads go through the
 * functions the screen itself calls, with the same arguments, so a URL is stated once and the
 * screen's first call takes the answer (client/early-answers.ts). So that they can start before
 * any screen runs, this module imports no screen module, only the screens' API functions and
 * their React-free helpers.
 */

/** Where the page opened, under a screen's own path, as its early reads see it. */
interface OpeningAddress {
  /** The path under the screen's own, decoded (`<id>` for `leads/<id>`); '' for the screen itself. */
  rest: string;
  query: URLSearchParams;
  /** The history entry's state, as the screen's useLocation() gives it. */
  state: unknown;
}

interface ScreenEntry {
  /** Relative to /admin; the screen owns every path under it (`leads/<id>`) and may route inside itself. */
  path: string;
  /** The navigation link's words. */
  label: string;
  /** Imports the screen's module (its default export is the screen). */
  load: () => Promise<{ default: ComponentType }>;
  /**
   * The reads the screen makes on opening at `address`, started early. None for a screen that asks
   * nothing on opening (People: the address is typed first) or that asks for itself (Campaigns, Posts, Security).
   */
  earlyReads?: (address: OpeningAddress) => Promise<unknown>[];
}

export interface ConsoleScreen extends ScreenEntry {
  Screen: LazyExoticComponent<ComponentType>;
}

// The first entry is where /admin and a fresh enrolment open (the browser journeys sign in onto Leads:
// enrolAndSignIn in test/e2e/support/console.ts).
const SCREENS: readonly ScreenEntry[] = [
  {
    path: 'leads',
    label: 'Leads',
    load: () => import('./leads/LeadsScreen'),
    // The inbox (LeadsInbox), or a lead's page (LeadPage, leads/<id>).
    earlyReads: ({ rest, query, state }) => [
      rest ? leadOf(rest) : leadsPage(filtersAt(query, searchTermOf(state)), undefined),
    ],
  },
  {
    path: 'audit',
    label: 'Audit log',
    load: () => import('./audit/AuditScreen'),
    earlyReads: () => [auditPage(undefined)],
  },
  { path: 'people', label: 'People', load: () => import('./people/PeopleScreen') },
  {
    path: 'subscribers',
    label: 'Subscribers',
    load: () => import('./subscribers/SubscribersScreen'),
    earlyReads: ({ query }) => [subscriberPage(filterFromQuery(query), undefined)],
  },
  { path: 'campaigns', label: 'Campaigns', load: () => import('./campaigns/CampaignsScreen') },
  { path: 'posts', label: 'Posts', load: () => import('./posts/PostsScreen') },
  {
    path: 'site',
    label: 'Site',
    load: () => import('./site/SiteScreen'),
    // None for a range the rules refuse: the screen says why instead of asking.
    earlyReads: ({ query }) => {
      const { range } = rangeChoiceOf(query, firmToday());
      return range ? [siteReport(range)] : [];
    },
  },
  { path: 'security', label: 'Security', load: () => import('./security/SecurityScreen') },
];

export const CONSOLE_SCREENS: readonly ConsoleScreen[] = SCREENS.map((entry) => ({
  ...entry,
  Screen: lazy(entry.load),
}));

/** The screen at `pathname` (the first, at /admin itself) and the path segments under it. */
function screenAt(pathname: string) {
  const [first = '', ...rest] = pathname.slice(CONSOLE_PAGE.length).split('/').filter(Boolean);
  const screen = SCREENS.find((entry) => entry.path === first) ?? (first === '' ? SCREENS[0] : undefined);
  return { screen, rest };
}

/**
 * The early reads of `screen` opened at `location`; none for an address the browser cannot decode
 * (the screen says so).
 */
function earlyReadsOf(
  screen: ScreenEntry,
  rest: string[],
  { search }: Pick<Location, 'search'>,
  historyState: unknown,
): Promise<unknown>[] {
  if (!screen.earlyReads) return [];
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
  return screen.earlyReads({ rest: under, query: new URLSearchParams(search), state });
}

/**
 * Opens the screen at `location` (the page's own address on load, with the state react-router
 * keeps in its history entry) ahead of the first render. Its early reads start when an owner was
 * signed in on this browser last time (session/signed-in-hint.ts): a stranger's browser asks only
 * the session check (session/session.tsx), which answers 200 either way, so no refused call for
 * the browser to log. Then its module runs, once, while the session is being checked. A failed
 * read is retried by the screen's own call, which reports it.
 */
export function startOpening(location: Pick<Location, 'pathname' | 'search'>, historyState: unknown): void {
  const { screen, rest } = screenAt(location.pathname);
  if (!screen) return;
  if (wasSignedIn()) startEarly(() => earlyReadsOf(screen, rest, location, historyState));
  void screen.load().catch(() => undefined);
}
