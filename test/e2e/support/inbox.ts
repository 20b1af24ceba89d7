import { readCapturedEmails, type CapturedEmail } from '#infra/local/services.ts';
import { BUSINESS } from '#shared/constants/business.ts';

export type { CapturedEmail };

const inboxUrl = () => {
  const url = process.env.E2E_INBOX_URL;
  if (!url) throw new Error('E2E_INBOX_URL is not set: run the browser tests through `npm run test:e2e`');
  return url;
};

/** What the stack's local SES has accepted for this address. */
export async function emailsTo(address: string): Promise<CapturedEmail[]> {
  const emails = await readCapturedEmails(inboxUrl());
  return emails.filter((email) => email.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())));
}

/** The mailer runs from the leads "stream" (polled locally), so mail arrives shortly after the API answers. */
export async function waitForEmail(
  address: string,
  subjectIncludes: string,
  timeoutMs = 15_000,
): Promise<CapturedEmail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await emailsTo(address)).find((email) => email.subject.includes(subjectIncludes));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No email to ${address} with a subject containing "${subjectIncludes}" within ${timeoutMs / 1000}s`);
}

/** The subjects the API's emails use (the mailer's exact words). */
export const SUBJECTS = {
  confirmation: `Please confirm your subscription to ${BUSINESS.name}`,
  welcome: `Welcome to ${BUSINESS.name}`,
  scorecard: 'Your Human Relations Scorecard',
} as const;

/** The emails to an address whose subject includes the text (none yet is an empty list). */
export const emailsWithSubject = async (address: string, subjectIncludes: string) =>
  (await emailsTo(address)).filter((email) => email.subject.includes(subjectIncludes));

/**
 * The next email with this subject beyond the `seen` such emails the address already had
 * (a repeat sign-up mails again).
 */
export async function waitForNextEmail(
  address: string,
  subjectIncludes: string,
  seen: number,
  timeoutMs = 15_000,
): Promise<CapturedEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const emails = await emailsWithSubject(address, subjectIncludes);
    if (emails.length > seen) return emails[seen];
    if (Date.now() > deadline)
      throw new Error(`No new email "${subjectIncludes}" to ${address} within ${timeoutMs / 1000}s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Asserts that no further email with this subject reaches the address (beyond the `already`
 * it had): waits long enough for the mailer (it polls the leads "stream" locally) to have
 * sent one, then counts.
 */
export async function expectNoEmail(address: string, subjectIncludes: string, { already = 0, waitMs = 4_000 } = {}) {
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  expect(await emailsWithSubject(address, subjectIncludes)).toHaveLength(already);
}

/** Every absolute link in the email's HTML, in order. */
export function linksIn(email: CapturedEmail): string[] {
  const html = email.body.html ?? '';
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
}

export const uniqueAddress = (label: string) =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.ca`;
