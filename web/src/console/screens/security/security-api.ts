import { callOf } from '#shared/route-key.ts';
import { SECURITY_ROUTES, type PasskeyRemoval, type PasskeySummary } from '#shared/console/security.ts';
import { consoleRequest } from '../../client/console-client';

/** The signed-in owner's passkeys, newest first (lambdas/console/security/passkey-routes.ts). */
export const ownPasskeys = (signal?: AbortSignal) =>
  consoleRequest<PasskeySummary[]>(SECURITY_ROUTES.passkeys, { signal });

export const renamePasskey = (id: string, name: string) =>
  consoleRequest<PasskeySummary>(callOf(SECURITY_ROUTES.rename, { id }), { body: { name } });

export const removePasskey = (id: string) => consoleRequest<PasskeyRemoval>(callOf(SECURITY_ROUTES.remove, { id }));
