/**
 * Subscribers written straight into a local stack's table, in every state the campaign rules
 * tell apart, for the campaign tests and the campaign benchmark. Each has its email claim as a
 * real one has; the address says what the subscriber is (e.g. `eligible-12.x@example.ca`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { localDynamoClient, readRawEmails } from '#infra/local/services.ts';
import { emailClaimId, type SubscriberItem } from '#lambdas/data/subscriber-item.ts';
import type { Audience } from '#shared/constants/audiences.ts';

const NOW = () => Math.floor(Date.now() / 1000);

/** What makes each kind (in)eligible for a newsletter to candidates. */
export const KINDS = {
  eligible: {},
  impliedValid: { consent: 'implied', impliedSince: NOW() - 86400, impliedUntil: NOW() + 86400 },
  impliedExpired: { consent: 'implied', impliedSince: NOW() - 86400, impliedUntil: NOW() - 1 },
  /** A scorecard requester whose download link was never followed. */
  inquired: { consent: 'none' },
  /** Implied consent recorded from a request alone, before the download made it: anyone's to give. */
  impliedByRequestOnly: { consent: 'implied', impliedUntil: NOW() + 86400 },
  topicOff: { emailSetting: [false, true, true] },
  unsubscribedAll: { subscribed: false, unsubscribeAllEmail: [true] },
  suppressed: { suppressed: true, suppressionReason: 'bounce' },
  otherAudience: { audience: 'employer' },
} satisfies Record<string, Partial<SubscriberItem>>;
export type Kind = keyof typeof KINDS;

export interface Seeded {
  id: string;
  email: string;
  kind: Kind;
}

export const subscriberItem = (kind: Kind, email: string, audience: Audience = 'candidate'): SubscriberItem => {
  const now = NOW();
  return {
    id: randomBytes(16).toString('base64url'),
    kind: 'subscriber',
    audience,
    email,
    mailbox: email,
    firstName: 'Sam',
    lastName: 'Seed',
    jobTitle: '',
    organization: '',
    helpDescription: '',
    subscribed: true,
    emailSetting: [true, true, true],
    unsubscribeAllEmail: [false],
    consent: 'express',
    confirmedAt: now,
    lastConsent: {
      type: 'confirmed',
      at: now,
      source: 'confirmation-page',
      ip: '127.0.0.1',
      userAgent: 'seed',
      leadId: 'seed',
    },
    consentCount: 0,
    createdAt: now,
    updatedAt: now,
    expiresAt: now + 86400 * 730,
    ...(KINDS[kind] as Partial<SubscriberItem>),
  } as SubscriberItem;
};

/** Writes `counts[kind]` subscribers of each kind, 25 writes at a time. */
export const seedSubscribers = async (
  dynamoUrl: string,
  counts: Partial<Record<Kind, number>>,
  tag = 'seed',
): Promise<Seeded[]> => {
  const db = localDynamoClient(dynamoUrl);
  const items = Object.entries(counts).flatMap(([kind, count]) =>
    Array.from({ length: count! }, (_, index) =>
      subscriberItem(kind as Kind, `${kind.toLowerCase()}-${index}.${tag}@example.ca`),
    ),
  );
  try {
    for (let start = 0; start < items.length; start += 25) {
      await Promise.all(
        items.slice(start, start + 25).flatMap((item) => [
          db.send(
            new PutItemCommand({ TableName: 'Subscribers', Item: marshall(item, { removeUndefinedValues: true }) }),
          ),
          db.send(
            new PutItemCommand({
              TableName: 'Subscribers',
              Item: marshall({
                id: emailClaimId(item.audience, item.email),
                kind: 'email-claim',
                subscriberId: item.id,
              }),
            }),
          ),
        ]),
      );
    }
  } finally {
    db.destroy();
  }
  return items.map((item) => ({
    id: item.id,
    email: item.email,
    kind: Object.keys(KINDS).find((k) => item.email.startsWith(`${k.toLowerCase()}-`)) as Kind,
  }));
};

/** The campaign's emails in a local stack's inbox, as raw MIME (the `X-Campaign` header names it). */
export const campaignMailsIn = async (inboxUrl: string, slug: string) =>
  (await readRawEmails(inboxUrl)).filter((raw) => new RegExp(`^X-Campaign: ${slug}$`, 'm').test(raw));

/** The address a raw email is to. */
export const recipientOf = (raw: string) => /^To: (.+)$/m.exec(raw)![1]!.trim();

/** How often each value occurs: emails per recipient. */
export const countBy = (values: string[]) =>
  values.reduce<Record<string, number>>((counts, value) => ({ ...counts, [value]: (counts[value] ?? 0) + 1 }), {});

/** A new folder holding one campaign, `<slug>.md`, for the commands' CAMPAIGNS_DIR. */
export const campaignsDirWith = (slug: string, markdown: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'campaigns-'));
  writeFileSync(path.join(dir, `${slug}.md`), markdown);
  return dir;
};
