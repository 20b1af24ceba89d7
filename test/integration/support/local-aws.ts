/**
 * Reads and drives the local stand-ins that global-setup.ts started (endpoints and table
 * names arrive in process.env). Real SDK calls throughout: this is what the handlers see.
 */
import { GetItemCommand, PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context } from 'aws-lambda';
import { localDynamoClient, readCapturedEmails, readRawEmails, type CapturedEmail } from '#infra/local/services.ts';
import { handler as sweepHandler } from '#lambdas/handlers/mail-sweep.ts';
import { readMail, type ReadableMail } from '#test/support/parse-mime.ts';
import { asFunction } from '#test/support/twin-iam.ts';

const sweep = asFunction('mailSweep', sweepHandler);

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through the integration jest project (global-setup.ts)`);
  return value;
};

export const tables = {
  subscribers: env('SUBSCRIBERS_TABLE'),
  leads: env('LEADS_TABLE'),
  console: env('CONSOLE_TABLE'),
  analytics: env('ANALYTICS_TABLE'),
};
export const sesEndpoint = env('AWS_ENDPOINT_URL_SES');
export const siteUrl = env('SITE_URL');
const db = localDynamoClient(env('AWS_ENDPOINT_URL_DYNAMODB'));

/** A fresh address per test, so test files can share the tables in parallel. */
export const uniqueEmail = (name: string) =>
  `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.ca`;

export const readItem = async (table: string, id: string) => {
  const { Item } = await db.send(new GetItemCommand({ TableName: table, Key: marshall({ id }), ConsistentRead: true }));
  return Item && unmarshall(Item);
};

/** Writes an item as it is (a subscriber stored by an earlier version of the code, say). */
export const writeItem = async (table: string, item: object) => {
  await db.send(new PutItemCommand({ TableName: table, Item: marshall(item, { removeUndefinedValues: true }) }));
};

/** Every lead of this address (the tests look leads up the way an operator would). */
export const leadsOf = async (email: string) => {
  const { Items = [] } = await db.send(
    new ScanCommand({
      TableName: tables.leads,
      FilterExpression: '#kind = :lead AND email = :email',
      ExpressionAttributeNames: { '#kind': 'kind' },
      ExpressionAttributeValues: marshall({ ':lead': 'lead', ':email': email }),
    }),
  );
  return Items.map((item) => unmarshall(item));
};

const sweepContext = { getRemainingTimeInMillis: () => 120_000 } as unknown as Context;

/**
 * Runs the mail sweep (as EventBridge does every minute in AWS) until this lead no longer owes
 * mail that is due now. Test files share the tables, so a sweep may deliver others' leads too.
 */
export const deliverDueMail = async (leadId: string) => {
  for (let run = 0; run < 20; run += 1) {
    await sweep({}, sweepContext);
    const lead = await readItem(tables.leads, leadId);
    if (!lead?.mailQueue || lead.nextAttemptAt > Math.floor(Date.now() / 1000)) return lead;
  }
  throw new Error(`Lead ${leadId} still owes mail after 20 sweeps`);
};

/** Emails SES local captured for this recipient (its store: subject, addresses, bodies). */
export const capturedEmailsTo = async (address: string): Promise<CapturedEmail[]> =>
  (await readCapturedEmails(sesEndpoint)).filter((email) => email.destination.to.some((to) => to.includes(address)));

/** The raw MIME of what was sent to this recipient, parsed (headers included). */
export const rawEmailsTo = async (address: string): Promise<ReadableMail[]> => {
  const mails = await Promise.all((await readRawEmails(sesEndpoint)).map(readMail));
  return mails.filter((mail) => mail.header('to')?.includes(address));
};

/** Emails to the consultancy about this lead (the notification's Reply-To is the lead). */
export const notificationsAbout = async (address: string) =>
  (await readCapturedEmails(sesEndpoint)).filter((email) => email.replyTo.some((replyTo) => replyTo.includes(address)));

/** The token of the confirmation link in the newest confirmation email to this address. */
export const confirmationTokenFor = async (address: string): Promise<string> => {
  const confirmations = (await capturedEmailsTo(address)).filter((mail) => mail.subject.startsWith('Please confirm'));
  const token = /\/confirm\/(?:candidate|employer)\/([A-Za-z0-9_-]{44})/.exec(
    confirmations.at(-1)?.body.text ?? '',
  )?.[1];
  if (!token) throw new Error(`No confirmation email with a link reached ${address}`);
  return token;
};

const UNSUBSCRIBE_LINK = /\/unsubscribe\/(?:candidate|employer)\/([A-Za-z0-9_-]+)#([A-Za-z0-9_-]+)/;
const SETTINGS_LINK = /\/(?:candidate|employer)\/setting\/([A-Za-z0-9_-]+)/;

/**
 * The tokens of the subscriber links in the newest email to this address that has them: the
 * unsubscribe page's (with the preferences token after '#') and the preferences page's.
 */
export const subscriberLinkTokensFor = async (address: string) => {
  const text = (await capturedEmailsTo(address))
    .map((mail) => mail.body.text ?? '')
    .findLast((body) => UNSUBSCRIBE_LINK.test(body));
  if (!text) throw new Error(`No email with subscriber links reached ${address}`);
  const [, unsubscribe, fragment] = UNSUBSCRIBE_LINK.exec(text)!;
  const preferences = SETTINGS_LINK.exec(text)![1]!;
  if (fragment !== preferences)
    throw new Error('The unsubscribe link carries another preferences token than the email');
  return { unsubscribe: unsubscribe!, preferences };
};

/** Every consent record of a subscriber, in order (the CASL ledger). */
export const consentRecordsOf = async (subscriberId: string) => {
  const subscriber = await readItem(tables.subscribers, subscriberId);
  const records = [];
  for (let n = 1; n <= (subscriber?.consentCount ?? 0); n += 1)
    records.push(await readItem(tables.subscribers, `consent#${subscriberId}#${n}`));
  return records;
};

/**
 * A confirmed subscriber, made the way a person becomes one: the sign-up form, the confirmation
 * email, the button on the confirmation page (POST), and the welcome email with its links.
 */
export const subscribe = async (audience: 'candidate' | 'employer', email: string) => {
  const signup = asFunction('signup', (await import('#lambdas/handlers/signup.ts')).handler);
  const confirm = asFunction(
    'confirmSubscription',
    (await import('#lambdas/handlers/confirm-subscription.ts')).handler,
  );
  const { apiEvent, invoke, signupEvent } = await import('#test/support/api-events.ts');
  const { signupBody } = await import('#test/support/payloads.ts');
  await invoke(signup, signupEvent(signupBody({ email, audience })));
  const [lead] = await leadsOf(email.toLowerCase());
  await deliverDueMail(lead!.id);
  const token = await confirmationTokenFor(email);
  const path = `/api/${audience}/confirmations/${token}`;
  await invoke(
    confirm,
    apiEvent({ routeKey: 'POST /api/{audience}/confirmations/{token}', path, pathParameters: { audience, token } }),
  );
  await deliverDueMail(lead!.id);
  const claim = await readItem(tables.subscribers, `email#${audience}#${email.toLowerCase()}`);
  return {
    id: claim!.subscriberId as string,
    email,
    lead: (await readItem(tables.leads, lead!.id))!,
    /** The welcome email's link tokens. */
    tokens: await subscriberLinkTokensFor(email),
  };
};
