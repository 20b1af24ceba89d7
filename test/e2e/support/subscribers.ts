import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Audience } from '../../../shared/constants/audiences';
import { SUBSCRIBERS_TABLE } from '../../../infra/data/table-definitions';
import { baseUrl } from './browser';
import { emailsTo, linksIn, uniqueAddress, type CapturedEmail } from './inbox';

const dynamoUrl = () => {
  const url = process.env.E2E_DYNAMODB_URL;
  if (!url) throw new Error('E2E_DYNAMODB_URL is not set: run the browser tests through `npm run test:e2e`');
  return url;
};

let documents: DynamoDBDocumentClient | undefined;
const client = () =>
  (documents ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamoUrl(),
      region: 'ca-central-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  ));

/** What the Subscribers table holds for an id (GetItem, strongly consistent), or undefined. */
export async function storedSubscriber(id: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await client().send(
    new GetCommand({ TableName: SUBSCRIBERS_TABLE.logicalName, Key: { id }, ConsistentRead: true }),
  );
  return Item;
}

export function closeSubscriberStore() {
  documents?.destroy();
  documents = undefined;
}

/** The links a subscriber email carries, split into the parts the pages use. */
export interface SubscriberMailLinks {
  audience: Audience;
  id: string;
  unsubscribe: string;
  settings: string;
}

const UNSUBSCRIBE_LINK = /\/unsubscribe\/(candidate|employer)\/([^/?#"]+)$/;

/** Finds the unsubscribe and settings links of a subscriber email (spec §2 page shapes). */
export function subscriberLinksIn(email: CapturedEmail): SubscriberMailLinks {
  const links = linksIn(email);
  const unsubscribe = links.find((link) => UNSUBSCRIBE_LINK.test(new URL(link).pathname));
  if (!unsubscribe) throw new Error(`No unsubscribe link in the email "${email.subject}": ${links.join(', ')}`);
  const [, audience, encodedId] = UNSUBSCRIBE_LINK.exec(new URL(unsubscribe).pathname)!;
  const id = decodeURIComponent(encodedId);
  const settings = links.find((link) => new URL(link).pathname === `/${audience}/setting/${encodedId}`);
  if (!settings) throw new Error(`No settings link for ${audience}/${id} in the email "${email.subject}": ${links.join(', ')}`);
  return { audience: audience as Audience, id, unsubscribe, settings };
}

export interface ApiSubscriber extends SubscriberMailLinks {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Prepares a subscriber the way a visitor creates one (POST /api/signup, the call the
 * contact and candidate forms make) and returns the links of the welcome email.
 */
export async function subscribeViaApi(
  audience: Audience,
  label = `sub-${audience}`,
  { address = uniqueAddress(label), firstName = 'Robin' }: { address?: string; firstName?: string } = {},
): Promise<ApiSubscriber> {
  const person = { email: address, firstName, lastName: 'Okafor' };
  const before = (await emailsTo(address)).length;
  const response = await fetch(new URL('/api/signup', baseUrl()), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      ...person,
      jobTitle: '',
      organization: '',
      helpDescription: '',
      signupMe: true,
      website: '',
      audience,
    }),
  });
  if (response.status !== 200) {
    throw new Error(`POST /api/signup answered ${response.status}: ${await response.text()}`);
  }
  const mail = await waitForNewEmail(address, before);
  return { ...person, ...subscriberLinksIn(mail) };
}

/** The next email to an address, after the `seen` it already had (a repeat sign-up mails again). */
async function waitForNewEmail(address: string, seen: number, timeoutMs = 15_000): Promise<CapturedEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const emails = await emailsTo(address);
    if (emails.length > seen) return emails[seen];
    if (Date.now() > deadline) throw new Error(`No new email to ${address} within ${timeoutMs / 1000}s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
