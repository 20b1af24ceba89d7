/** Reads what the local SES (aws-ses-v2-local) captured: GET /store. */
export interface CapturedEmail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  headers?: { name: string; value: string }[];
  at: number;
}

const inboxUrl = () => {
  const url = process.env.E2E_INBOX_URL;
  if (!url) throw new Error('E2E_INBOX_URL is not set: run the browser tests through `npm run test:e2e`');
  return url;
};

export async function emailsTo(address: string): Promise<CapturedEmail[]> {
  const response = await fetch(`${inboxUrl()}/store`);
  const { emails } = (await response.json()) as { emails: CapturedEmail[] };
  return emails.filter((email) => email.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())));
}

/** The mailer runs from the leads "stream" (polled locally), so mail arrives shortly after the API answers. */
export async function waitForEmail(address: string, subjectIncludes: string, timeoutMs = 15_000): Promise<CapturedEmail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await emailsTo(address)).find((email) => email.subject.includes(subjectIncludes));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No email to ${address} with a subject containing "${subjectIncludes}" within ${timeoutMs / 1000}s`);
}

/** Every absolute link in the email's HTML, in order. */
export function linksIn(email: CapturedEmail): string[] {
  const html = email.body.html ?? '';
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
}

export const uniqueAddress = (label: string) =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.ca`;
