import { localConfig } from '../../local/local-config';
import { sleep } from './http';

/** An email as aws-ses-v2-local keeps it (GET /store). */
export interface CapturedEmail {
  readonly subject: string;
  readonly destination: { readonly to: string[] };
  readonly body: { readonly html?: string; readonly text?: string };
}

/** The local stack's inbox, found through the same SES_PORT setting as `npm start`. */
export const localInboxUrl = (): string => `http://127.0.0.1:${localConfig().sesPort}`;

/**
 * Waits for an email to `address` that `matches` and is not among `seen`; the mailer runs
 * shortly after the API answers.
 */
export async function waitForEmail(
  address: string,
  matches: (email: CapturedEmail) => boolean,
  seen: readonly CapturedEmail[] = [],
  timeoutMs = 20_000,
): Promise<CapturedEmail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${localInboxUrl()}/store`);
    const { emails } = (await response.json()) as { emails: CapturedEmail[] };
    const found = emails.find(
      (email) =>
        email.destination.to.some((to) => to.toLowerCase().includes(address)) &&
        !seen.some((old) => old.subject === email.subject) &&
        matches(email),
    );
    if (found) return found;
    await sleep(250);
  }
  throw new Error(`no email to ${address} within ${timeoutMs / 1000}s`);
}
