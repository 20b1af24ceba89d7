import { requireEnv } from '../../runtime/env';

/**
 * The console's owners: the addresses in `CONSOLE_OWNERS` (CDK context `owners`, comma separated),
 * read on every request, so an address removed from `owners` loses access at its next request
 * once the stack is deployed without it.
 */
export const consoleOwners = (): ReadonlySet<string> =>
  new Set(
    requireEnv('CONSOLE_OWNERS')
      .split(',')
      .map((address) => normaliseOwner(address))
      .filter(Boolean),
  );

/** Owners are compared trimmed and in lower case, as the forms store addresses. */
export const normaliseOwner = (address: string): string => address.trim().toLowerCase();

export const isOwner = (address: string): boolean => consoleOwners().has(normaliseOwner(address));
