import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CONSOLE_PAGE } from '#shared/console-api.ts';
import { startEarly } from './early-answers';
import { auditPage } from './screens/audit/audit-api';
import { filtersAt, searchTermOf } from './screens/leads/inbox-filters';
import { leadOf, leadsPage } from './screens/leads/leads-api';
import { filterFromQuery } from './screens/subscribers/subscriber-filter';
import { subscriberPage, subscribersOverview } from './screens/subscribers/subscribers-api';

/**
 * The console's screens, in navigation order: one entry each gives both the route and the
 * navigation link (docs/architecture.md#the-consoles-web-code). `path` is relative to /admin;
 * a screen owns every path under it (`leads/<id>` belongs to `leads`) and may route inside itself.
 * Each module (screens/<name>/) runs the first time its screen opens (it is in the console's
 * one script file: docs/decisions/0064-console-one-file-and-early-data.md).
 */
interface ScreenEntry {
  path: string;
  /** The navigation link's words. */
  label: string;
  /** Imports the screen's module (its default export is the screen). */
  load: () => Promise<{ default: ComponentType }>;
  /**
   * The calls the screen makes first (reads only), through its own API functions and with the
   * same arguments, for the page opened at `rest` (the path under the screen's own), `query` and
   * `state` (the history entry's, as the screen's useLocation() gives it): started with the
   * session check (early-answers.ts). None for a screen that asks nothing on
   * opening (People: the address is typed first).
   */
  preload?: (rest: string, query: URLSearchParams, state: unknown) => Promise<unknown> | Promise<unknown>[];
}

export interface ConsoleScreen extends ScreenEntry {
  Screen: LazyExoticComponent<ComponentType>;
}

// The first entry is where /admin and a fresh enrolment open (test/e2e/console.e2e.ts expects the audit log).
const SCREENS: readonly ScreenEntry[] = [
  // First: the landing screen after sign-in.
  {
    path: 'leads',
    label: 'Leads',
    load: () => import('./screens/leads/LeadsScreen'),
    // The inbox (LeadsInbox), or a lead's page (LeadPage, leads/<id>).
    preload: (rest, query, state) =>
      rest ? leadOf(rest) : leadsPage(filtersAt(query, searchTermOf(state)), undefined),
  },
  {
    path: 'audit',
    label: 'Audit log',
    load: () => import('./screens/audit/AuditScreen'),
    preload: () => auditPage(undefined),
  },
  { path: 'people', label: 'People', load: () => import('./screens/people/PeopleScreen') },
  {
    path: 'subscribers',
    label: 'Subscribers',
    load: () => import('./screens/subscribers/SubscribersScreen'),
    preload: (_rest, query) => [subscribersOverview(), subscriberPage(filterFromQuery(query), undefined)],
  },
  { path: 'campaigns', label: 'Campaigns', load: () => import('./screens/campaigns/CampaignsScreen') },
];

export const CONSOLE_SCREENS: readonly ConsoleScreen[] = SCREENS.map((entry) => ({
  ...entry,
  Screen: lazy(entry.load),
}));

/**
 * Starts the module of the screen at `location` (the page's own address on load, with the state
 * react-router keeps in its history entry) and the calls it makes first, so the data arrives
 * while the session is being checked instead of after: a round trip less before the owner's first
 * screen is usable on a slow phone connection. A module runs only once; the data is taken by the
 * screen's first call (early-answers.ts).
 */
export const preloadScreenAt = (
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
  historyState: unknown,
): void => {
  const [first = '', ...rest] = pathname.slice(CONSOLE_PAGE.length).split('/').filter(Boolean);
  const screen = SCREENS.find((entry) => entry.path === first) ?? (first === '' ? SCREENS[0] : undefined);
  if (!screen) return;
  void screen.load().catch(() => undefined);
  const { preload } = screen;
  if (!preload) return;
  // An address the browser cannot decode is left to the screen, which says so.
  let under: string;
  try {
    under = rest.map(decodeURIComponent).join('/');
  } catch {
    return;
  }
  // react-router's BrowserRouter keeps a navigation's `state` as `usr` in the entry's own state
  // (createBrowserHistory in react-router 7: `{ usr: location.state, key, idx }`).
  const state =
    typeof historyState === 'object' && historyState !== null ? (historyState as { usr?: unknown }).usr : undefined;
  startEarly(() => preload(under, new URLSearchParams(search), state));
};
