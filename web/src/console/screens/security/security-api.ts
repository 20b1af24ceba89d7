import { passkeyRoute, SECURITY_ROUTES, type PasskeyRemoval, type PasskeySummary } from '#shared/console-security.ts';
import { consoleRequest } from '../../console-api';

/** The signed-in owner's passkeys, newest first (lambdas/console/passkey-routes.ts). */
export const ownPasskeys = (signal?: AbortSignal) =>
  consoleRequest<PasskeySummary[]>(SECURITY_ROUTES.passkeys, { signal });

export const renamePasskey = (id: string, name: string) =>
  consoleRequest<PasskeySummary>(`PUT ${passkeyRoute(SECURITY_ROUTES.rename, id).split(' ')[1]}`, { body: { name } });

export const removePasskey = (id: string) =>
  consoleRequest<PasskeyRemoval>(`DELETE ${passkeyRoute(SECURITY_ROUTES.remove, id).split(' ')[1]}`);
