import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Audience } from '#shared/constants/audiences.ts';
import { SUBSCRIBERS_TABLE } from '#infra/cdk/constructs/table-definitions.ts';
import { apiPath } from '#shared/paths.ts';
import { baseUrl } from './browser';
import { emailsWithSubject, linksIn, SUBJECTS, uniqueAddress, waitForNextEmail, type CapturedEmail } from './inbox';

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
  /** The subscriber's id: the first 22 characters of each link's token. */
  id: string;
  /** The unsubscribe page's and one-click's token; the preferences page has its own. */
  unsubscribeToken: string;
  preferencesToken: string;
  unsubscribe: string;
  settings: string;
}

const UNSUBSCRIBE_LINK = /\/unsubscribe\/(candidate|employer)\/([^/?#"]+)$/;

/**
 * Finds the unsubscribe and settings links of a subscriber email
 * (docs/spec/site-spec.md#2-screens-and-routes page shapes): the unsubscribe link carries the
 * preferences token after '#', for its page's 'click here'.
 */
export function subscriberLinksIn(email: CapturedEmail): SubscriberMailLinks {
  const links = linksIn(email);
  const unsubscribe = links.find((link) => UNSUBSCRIBE_LINK.test(new URL(link).pathname));
  if (!unsubscribe) throw new Error(`No unsubscribe link in the email "${email.subject}": ${links.join(', ')}`);
  const [, audience, unsubscribeToken] = UNSUBSCRIBE_LINK.exec(new URL(unsubscribe).pathname)!;
  const preferencesToken = new URL(unsubscribe).hash.slice(1);
  const settings = links.find((link) => new URL(link).pathname === `/${audience}/setting/${preferencesToken}`);
  if (!settings)
    throw new Error(`No settings link for ${audience}/${preferencesToken} in "${email.subject}": ${links.join(', ')}`);
  return {
    audience: audience as Audience,
    id: unsubscribeToken!.slice(0, 22),
    unsubscribeToken: unsubscribeToken!,
    preferencesToken,
    unsubscribe,
    settings,
  };
}

/** Where a confirmation email's link leads: /confirm/{audience}/{token}. */
export interface ConfirmationLink {
  audience: Audience;
  token: string;
  url: string;
}

const CONFIRM_LINK = /^\/confirm\/(candidate|employer)\/([^/?#"]+)$/;

/** Finds the link of a confirmation email (double opt-in). */
export function confirmationLinkIn(email: CapturedEmail): ConfirmationLink {
  const url = linksIn(email).find((link) => CONFIRM_LINK.test(new URL(link).pathname));
  if (!url) throw new Error(`No confirmation link in the email "${email.subject}": ${linksIn(email).join(', ')}`);
  const [, audience, token] = CONFIRM_LINK.exec(new URL(url).pathname)!;
  return { audience: audience as Audience, token: decodeURIComponent(token), url };
}

/** Confirms as the confirmation page's button does (POST, no body). */
export async function confirmViaApi({ audience, token }: ConfirmationLink) {
  const response = await fetch(new URL(apiPath('confirmSubscription', { audience, token }), baseUrl()), {
    method: 'POST',
  });
  if (response.status !== 200) throw new Error(`Confirming answered ${response.status}: ${await response.text()}`);
}

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

/** POST /api/signup, the call the contact and candidate forms make. */
export function signUpViaApi(audience: Audience, person: Person) {
  return fetch(new URL(apiPath('signup'), baseUrl()), {
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
}

export interface ApiSubscriber extends SubscriberMailLinks, Person {}

/**
 * Prepares a confirmed subscriber the way a visitor becomes one: signs up, confirms with the
 * confirmation email's link, and returns the links of the welcome email that follows.
 */
export async function subscribeViaApi(
  audience: Audience,
  label = `sub-${audience}`,
  { address = uniqueAddress(label), firstName = 'Robin' }: { address?: string; firstName?: string } = {},
): Promise<ApiSubscriber> {
  const person = { email: address, firstName, lastName: 'Okafor' };
  const seenConfirmations = (await emailsWithSubject(address, SUBJECTS.confirmation)).length;
  const seenWelcomes = (await emailsWithSubject(address, SUBJECTS.welcome)).length;
  const response = await signUpViaApi(audience, person);
  if (response.status !== 200) {
    throw new Error(`POST /api/signup answered ${response.status}: ${await response.text()}`);
  }
  const confirmation = await waitForNextEmail(address, SUBJECTS.confirmation, seenConfirmations);
  await confirmViaApi(confirmationLinkIn(confirmation));
  const welcome = await waitForNextEmail(address, SUBJECTS.welcome, seenWelcomes);
  return { ...person, ...subscriberLinksIn(welcome) };
}
