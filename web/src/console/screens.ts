import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The console's screens, in navigation order: one entry each gives both the route and the
 * navigation link (docs/architecture.md#the-consoles-web-code). `path` is relative to /admin;
 * a screen owns every path under it (`leads/<id>` belongs to `leads`) and may route inside itself.
 * Each module (screens/<name>/) is loaded the first time its screen opens.
 */
export interface ConsoleScreen {
  path: string;
  /** The navigation link's words. */
  label: string;
  Screen: LazyExoticComponent<ComponentType>;
}

export const CONSOLE_SCREENS: readonly ConsoleScreen[] = [
  // First: the landing screen after sign-in.
  { path: 'leads', label: 'Leads', Screen: lazy(() => import('./screens/leads/LeadsScreen')) },
  { path: 'audit', label: 'Audit log', Screen: lazy(() => import('./screens/audit/AuditScreen')) },
];
