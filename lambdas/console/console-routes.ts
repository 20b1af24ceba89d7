import { AUDIT_ROUTES } from './audit/audit-routes';
import type { ConsoleRoute } from './kit/router';
import type { ConsoleRequest } from './kit/request';
import { LEAD_CONSOLE_ROUTES } from './leads/lead-routes';
import { PASSKEY_ROUTES } from './security/passkey-routes';
import { PERSON_ROUTES } from './people/person-routes';
import { SITE_CONSOLE_ROUTES } from './site/site-routes';
import { SUBSCRIBER_LIST_ROUTES } from './subscribers/subscriber-routes';

/** The signed-in routes of the consoleApi function, one list per screen (the campaigns have their own function). */
export const CONSOLE_ROUTES: readonly ConsoleRoute<ConsoleRequest>[] = [
  ...AUDIT_ROUTES,
  ...LEAD_CONSOLE_ROUTES,
  ...PERSON_ROUTES,
  ...PASSKEY_ROUTES,
  ...SUBSCRIBER_LIST_ROUTES,
  ...SITE_CONSOLE_ROUTES,
];
