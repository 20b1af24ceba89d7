/**
 * A console function made of one slice's routes (signedInHandler, as lambdas/handlers/console-*.ts
 * make theirs) on a test file's own dynalite (test/unit/support/own-dynalite.ts), and an owner
 * signed in to it: requests go through the console's router and kit in process, as the owner's
 * page sends them (its session cookie, the site's origin, a JSON body).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESSION_COOKIE } from '#shared/console/common.ts';
import type { ConsoleRequest, ConsoleStores } from '#lambdas/console/kit/request.ts';
import type { PostStores } from '#lambdas/console/posts/post-routes.ts';
import type { ConsoleRoute } from '#lambdas/console/kit/router.ts';
import { signedInHandler } from '#lambdas/console/kit/signed-in-handler.ts';
import { startSession } from '#lambdas/console/sign-in/sessions.ts';
import { apiEvent, invoke } from '#test/support/api-events.ts';
import type { OwnTables } from '#test/unit/support/own-dynalite.ts';

export const OWNER = 'ann@chinooktalent.ca';
process.env.CONSOLE_OWNERS = `${OWNER},bob@chinooktalent.ca`;

/** Every console function's tables, so one slice's routes find theirs (the Posts screen's among them). */
type AllStores = ConsoleStores & PostStores;

export const signedInConsole = (tables: OwnTables, routes: ConsoleRoute<ConsoleRequest<AllStores>>[]) => {
  const db = new DynamoDBClient({});
  const stores: AllStores = {
    console: { db, table: tables.names.console },
    leads: { db, table: tables.names.leads },
    subscribers: { db, table: tables.names.subscribers },
    campaigns: { db, table: tables.names.campaigns },
    analytics: { db, table: tables.names.analytics },
    posts: { db, table: tables.names.posts },
  };
  const handler = signedInHandler(routes, stores);
  let cookies: string[] = [];

  return {
    stores,
    /**
     * An owner signs in (with `passkey`, its credential id): a session of theirs in the console
     * table, its cookie on every request from then on.
     */
    signIn: async (owner = OWNER, passkey?: string) => {
      const { token } = await startSession(stores.console, owner, Math.floor(Date.now() / 1000), passkey);
      cookies = [`${SESSION_COOKIE}=${token}`];
    },
    signOut: () => {
      cookies = [];
    },
    /** A request of the page; a query string in `target` arrives as API Gateway passes one. */
    send: (method: string, target: string, json?: unknown, origin = 'https://site.test') => {
      const [path, query] = target.split('?');
      return invoke(handler, {
        ...apiEvent({
          routeKey: 'ANY /api/admin/{proxy+}',
          method,
          path: path!,
          headers: { origin, 'content-type': 'application/json' },
          body: json === undefined ? undefined : JSON.stringify(json),
        }),
        cookies,
        ...(query !== undefined && {
          rawQueryString: query,
          queryStringParameters: Object.fromEntries(new URLSearchParams(query)),
        }),
      });
    },
    /** The audit log's entries of one action. */
    auditOf: async (action: string) =>
      (await tables.all(tables.names.console, 'audit#')).filter((entry) => entry.action === action),
  };
};
