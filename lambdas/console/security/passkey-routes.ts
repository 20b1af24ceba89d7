import { SECURITY_MESSAGES, SECURITY_ROUTES, type PasskeyRemoval } from '#shared/console/security.ts';
import { Refusal } from '../../domain/refusal';
import { jsonResponse } from '../../http/responses';
import { schemasOnFirstUse } from '../../http/schemas-on-first-use';
import { bodyRoute, type ConsoleRoute } from '../kit/router';
import type { ConsoleRequest } from '../kit/request';
import { passkeyName, passkeysOf, removePasskey, renamePasskey } from '../sign-in/passkeys';
import { clearedSessionCookie } from '../sign-in/session-cookie';

const { bodySchema } = schemasOnFirstUse(() => import('#shared/console/security-schemas.ts'));

/**
 * The Security screen (shared/console/security.ts): the signed-in owner's passkeys, listed,
 * renamed and removed. Only the owner's own: another owner's passkey is answered as if it did not
 * exist (404). Removing a passkey ends every session it began, the asking one included.
 */
export const PASSKEY_ROUTES: ConsoleRoute<ConsoleRequest>[] = [
  {
    route: SECURITY_ROUTES.passkeys,
    handle: async ({ stores, signedIn }) =>
      jsonResponse(200, await passkeysOf(stores.console, signedIn.owner, signedIn.session.passkey)),
  },
  bodyRoute({
    route: SECURITY_ROUTES.rename,
    body: bodySchema((schemas) => schemas.passkeyRenameSchema),
    handle: async (request, { name }) => {
      const { owner, session } = request.signedIn;
      const renamed = await renamePasskey(request.stores.console, owner, request.parameters.id!, name);
      if (!renamed) throw new Refusal('not-found', SECURITY_MESSAGES.noSuchPasskey);
      await request.audit({ action: 'passkey.renamed', target: `Passkey “${name}”`, summary: 'Renamed a passkey' });
      return jsonResponse(200, {
        id: renamed.credentialId,
        name: passkeyName(renamed),
        device: renamed.device ?? 'unknown',
        createdAt: renamed.createdAt,
        ...(renamed.lastUsedAt !== undefined && { lastUsedAt: renamed.lastUsedAt }),
        current: renamed.credentialId === session.passkey,
      });
    },
  }),
  {
    route: SECURITY_ROUTES.remove,
    handle: async (request) => {
      const { owner, session } = request.signedIn;
      const id = request.parameters.id!;
      const removed = await removePasskey(request.stores.console, owner, id);
      if (!removed) throw new Refusal('not-found', SECURITY_MESSAGES.noSuchPasskey);
      const signedOut = session.passkey === id;
      await request.audit({
        action: 'passkey.removed',
        target: `Passkey “${passkeyName(removed.passkey)}”`,
        summary: [
          'Removed a passkey',
          'Removed a passkey, and ended the session it began',
          `Removed a passkey, and ended the ${removed.endedSessions.length} sessions it began`,
        ][Math.min(removed.endedSessions.length, 2)]!,
      });
      const answer: PasskeyRemoval = { sessionsEnded: removed.endedSessions.length, signedOut };
      return { ...jsonResponse(200, answer), ...(signedOut && { cookies: [clearedSessionCookie()] }) };
    },
  },
];
