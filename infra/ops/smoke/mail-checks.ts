import { apiPath } from '#shared/paths.ts';
import { type Answer, request } from './http';
import { waitForEmail, type CapturedEmail } from './local-inbox';
import type { Results } from './results';

/** SES's mailbox simulator: accepted in the SES sandbox too, and it never reaches a person. */
export const SES_SIMULATOR_ADDRESS = 'success@simulator.amazonses.com';

const signup = (base: URL, email: string): Promise<Answer> =>
  request(base, apiPath('signup'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      firstName: 'Smoke',
      lastName: 'Test',
      jobTitle: '',
      organization: '',
      helpDescription: '',
      signupMe: true,
      website: '',
      audience: 'candidate',
    }),
  });

/** RFC 8058: a POST with exactly this form body. */
const oneClick = (url: string): Promise<Response> =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
    redirect: 'manual',
  });

const textOf = (email: CapturedEmail) => `${email.body.text ?? ''}\n${email.body.html ?? ''}`;
const confirmationLink = (email: CapturedEmail) =>
  /\/confirm\/(candidate|employer)\/([A-Za-z0-9_-]+)/.exec(textOf(email));
/**
 * The List-Unsubscribe URL of a subscriber email. aws-ses-v2-local keeps no headers, so it is
 * rebuilt from the email's unsubscribe link: the mailer gives both the same unsubscribe token
 * (lambdas/mail/subscriber-links.ts; the link's `#` part is the preferences page's), and the
 * shape from the same shared/paths.
 */
const oneClickUrl = (base: URL, email: CapturedEmail) => {
  const link = /\/unsubscribe\/(candidate|employer)\/([A-Za-z0-9_-]+)/.exec(textOf(email));
  return link
    ? `${base.origin}${apiPath('oneClickUnsubscribe', { audience: link[1] as 'candidate' | 'employer', id: link[2]! })}`
    : undefined;
};

/**
 * Locally the inbox is readable: sign up, follow the confirmation when one is sent (double
 * opt-in: the page's button POSTs the token), then take the welcome email's List-Unsubscribe
 * URL and unsubscribe with one click.
 */
export async function checkLocalMailFlow(base: URL, results: Results): Promise<void> {
  const address = `smoke.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.ca`;
  const accepted = await results.run('sign-up', '200', async () => {
    const answer = await signup(base, address);
    return { got: String(answer.status), pass: answer.status === 200 };
  });
  if (!accepted) return;

  let withUnsubscribe: CapturedEmail | undefined;
  await results.run('sign-up email reaches the inbox', 'an email to the address', async () => {
    const first = await waitForEmail(address, () => true);
    const link = confirmationLink(first);
    if (!link) {
      withUnsubscribe = first;
      return { got: `"${first.subject}"`, pass: true };
    }
    const [, audience, token] = link;
    const confirmed = await request(
      base,
      apiPath('confirmSubscription', { audience: audience as 'candidate' | 'employer', token: token! }),
      { method: 'POST' },
    );
    if (confirmed.status !== 200) return { got: `confirmation POST answered ${confirmed.status}`, pass: false };
    withUnsubscribe = await waitForEmail(address, (email) => oneClickUrl(base, email) !== undefined, [first]);
    return { got: `"${first.subject}", confirmed, then "${withUnsubscribe.subject}"`, pass: true };
  });

  await results.run("one-click unsubscribe (the email's List-Unsubscribe URL)", '200', async () => {
    const url = withUnsubscribe && oneClickUrl(base, withUnsubscribe);
    if (!url) return { got: 'no unsubscribe link in the email', pass: false };
    const answer = await oneClick(url);
    return { got: String(answer.status), pass: answer.status === 200 };
  });
}

/**
 * In AWS nobody can read the simulator's mailbox: the sign-up proves the API stored the lead
 * (the mailer sends from the stream), and the one-click route is proved reachable through
 * CloudFront and the authorizer by its handler's own 404 for an id that does not exist.
 */
export async function checkCloudMailFlow(base: URL, results: Results): Promise<string[]> {
  await results.run(`sign-up of ${SES_SIMULATOR_ADDRESS}`, '200 (lead stored; mail queued)', async () => {
    const answer = await signup(base, SES_SIMULATOR_ADDRESS);
    const hint = answer.status === 429 ? ' (the per-address daily limit: 3 sign-ups a day for one mailbox)' : '';
    return { got: `${answer.status}${hint}`, pass: answer.status === 200 };
  });
  await results.run(
    'one-click route reaches its handler',
    "404 JSON from the handler (not the gateway's 401/403)",
    async () => {
      const answer = await oneClick(
        `${base.origin}${apiPath('oneClickUnsubscribe', { audience: 'candidate', id: 'SmokeTestNoSuchIdAAAAA' })}`,
      );
      const body = await answer.text();
      return {
        got: `${answer.status} ${body.slice(0, 60)}`,
        pass: answer.status === 404 && body.includes('"message"'),
      };
    },
  );
  return [
    `Not proven from outside: that SES delivered the mail to ${SES_SIMULATOR_ADDRESS} (see the mailer's logs or SES sending statistics), and a one-click unsubscribe of a real subscriber (its link is only in the email).`,
  ];
}
