import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CONSOLE_PAGE } from '#shared/console-api.ts';
import { LANDING_SCREEN } from './opening-calls';

/**
 * The console's screens, in navigation order: one entry each gives both the route and the
 * navigation link (docs/architecture.md#the-consoles-web-code). `path` is relative to /admin;
 * a screen owns every path under it (`leads/<id>` belongs to `leads`) and may route inside itself.
 * Each module (screens/<name>/) runs the first time its screen opens (it is in the console's
 * one script file: docs/decisions/0064-console-one-file-and-early-data.md). The data a screen
 * asks for on opening is started with the session check (opening-calls.ts).
 */
interface ScreenEntry {
  path: string;
  /** The navigation link's words. */
  label: string;
  /** Imports the screen's module (its default export is the screen). */
  load: () => Promise<{ default: ComponentType }>;
}

export interface ConsoleScreen extends ScreenEntry {
  Screen: LazyExoticComponent<ComponentType>;
}

// The first entry is where /admin and a fresh enrolment open (test/e2e/console.e2e.ts expects the audit log).
const SCREENS: readonly ScreenEntry[] = [
  // First: the landing screen after sign-in.
  { path: LANDING_SCREEN, label: 'Leads', load: () => import('./screens/leads/LeadsScreen') },
  { path: 'audit', label: 'Audit log', load: () => import('./screens/audit/AuditScreen') },
  { path: 'people', label: 'People', load: () => import('./screens/people/PeopleScreen') },
  { path: 'subscribers', label: 'Subscribers', load: () => import('./screens/subscribers/SubscribersScreen') },
  { path: 'campaigns', label: 'Campaigns', load: () => import('./screens/campaigns/CampaignsScreen') },
  { path: 'posts', label: 'Posts', load: () => import('./screens/posts/PostsScreen') },
  { path: 'site', label: 'Site', load: () => import('./screens/site/SiteScreen') },
  { path: 'security', label: 'Security', load: () => import('./screens/security/SecurityScreen') },
];

export const CONSOLE_SCREENS: readonly ConsoleScreen[] = SCREENS.map((entry) => ({
  ...entry,
  Screen: lazy(entry.load),
}));

/**
 * Runs the module of the screen at `pathname` (the page's own address on load) now, while the
 * session is being checked, instead of when the screen first renders. A module runs only once.
 */
export const preloadScreenAt = ({ pathname }: Pick<Location, 'pathname'>): void => {
  const [first = ''] = pathname.slice(CONSOLE_PAGE.length).split('/').filter(Boolean);
  const screen = SCREENS.find((entry) => entry.path === first) ?? (first === '' ? SCREENS[0] : undefined);
  void screen?.load().catch(() => undefined);
};
