/**
 * Signs an owner in to a running stack's console over HTTP, as a browser on the site's origin
 * would, with a software passkey (software-passkey.ts): asks for the enrolment link, reads it
 * from the stack's inbox, registers the passkey and returns the session cookie's token. For
 * benchmarks and checks that need a signed-in owner without a browser.
 */
import { CONSOLE_AUTH_ROUTES } from '#shared/console/sign-in.ts';
import { SESSION_COOKIE } from '#shared/console/common.ts';
import { readCapturedEmails } from '#infra/local/services.ts';
import { createPasskey } from './software-passkey';

interface Stack {
  baseUrl: string;
  inboxUrl: string;
}

const post = async (stack: Stack, route: keyof typeof CONSOLE_AUTH_ROUTES, json: unknown) => {
  const { path } = CONSOLE_AUTH_ROUTES[route];
  const response = await fetch(new URL(path, stack.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(stack.baseUrl).origin },
    body: JSON.stringify(json),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response;
};

const enrolmentToken = async (stack: Stack, owner: string, deadline: number): Promise<string> => {
  for (;;) {
    const mails = (await readCapturedEmails(stack.inboxUrl)).filter((mail) =>
      mail.destination.to.some((to) => to.includes(owner)),
    );
    const token = /\/admin\/enrol#([A-Za-z0-9_-]{22})/.exec(mails.at(-1)?.body.text ?? '')?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`No sign-in link reached ${owner}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** The session token of a fresh sign-in by this owner (who must be among the stack's owners). */
export async function signInOverHttp(stack: Stack, owner: string): Promise<string> {
  await post(stack, 'enrolmentLink', { email: owner });
  const token = await enrolmentToken(stack, owner, Date.now() + 10_000);
  const options = await (await post(stack, 'registrationOptions', { token })).json();
  const { response } = createPasskey(options, new URL(stack.baseUrl).origin);
  const registered = await post(stack, 'registration', { token, response });
  const cookie = registered.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  const session = cookie && /^[^=]+=([^;]+)/.exec(cookie)?.[1];
  if (!session) throw new Error('The registration set no session cookie');
  return session;
}
