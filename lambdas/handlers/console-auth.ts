import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { AUTH_ROUTES } from '../console/sign-in/sign-in-routes';
import { requireOwnOrigin } from '../console/kit/guards';
import { answerRoute } from '../console/kit/router';
import { httpHandler } from '../http/stack';
import { sendOnFirstUse } from '../mail/send-on-first-use';
import { nowSeconds } from '../runtime/clock';
import { requireEnv } from '../runtime/env';

const store = { db: createDynamoClient(), table: requireEnv('CONSOLE_TABLE') };
const sendMail = sendOnFirstUse();
const senderAddress = requireEnv('SENDER_EMAIL');
const siteUrl = requireEnv('SITE_URL');
const sleepUntil = (epochMs: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, epochMs - Date.now())));

/**
 * ANY /api/admin/auth/{proxy+}: the console's sign-in ceremony (docs/decisions/0070-console-sign-in.md):
 * enrolment links, passkey registration and sign-in, the session, sign-out.
 */
export const handler = httpHandler(async (event) => {
  const arrivedMs = Date.now();
  requireOwnOrigin(event);
  return answerRoute(AUTH_ROUTES, event, () => ({
    event,
    arrivedMs,
    store,
    now: nowSeconds(),
    siteUrl,
    sendMail: (mail) => sendMail(mail, senderAddress),
    sleepUntil,
  }));
});
