/**
 * Reads and drives the local stand-ins that global-setup.ts started (endpoints and table
 * names arrive in process.env). Real SDK calls throughout: this is what the handlers see.
 */
import { GetItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context } from 'aws-lambda';
import { localDynamoClient, readCapturedEmails, readRawEmails, type CapturedEmail } from '../../../infra/local/services';
import { handler as mailer } from '../../../lambdas/handlers/mailer';
import { readMail, type ReadableMail } from '../../unit/lambdas/support/parse-mime';
import { insertRecord, streamEvent } from '../../unit/lambdas/support/stream-records';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through the integration jest project (global-setup.ts)`);
  return value;
};

export const tables = { subscribers: env('SUBSCRIBERS_TABLE'), leads: env('LEADS_TABLE') };
export const sesEndpoint = env('AWS_ENDPOINT_URL_SES');
export const siteUrl = env('SITE_URL');
const db = localDynamoClient(env('AWS_ENDPOINT_URL_DYNAMODB'));

/** A fresh address per test, so test files can share the tables in parallel. */
export const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.ca`;

export const readItem = async (table: string, id: string) => {
  const { Item } = await db.send(new GetItemCommand({ TableName: table, Key: marshall({ id }), ConsistentRead: true }));
  return Item && unmarshall(Item);
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

/** Hands the lead to the mailer as the leads table's stream would (dynalite has no streams). */
export const runMailer = async (lead: Record<string, unknown>) =>
  mailer(streamEvent(insertRecord(lead, String(Date.now()))), {} as Context);

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
