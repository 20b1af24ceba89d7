/**
 * `npm run ops -- apply-retention` (infra/ops/commands/apply-retention.ts) on subscribers stored before
 * the retention rule: a confirmed subscriber who still gets email had "last change + 2 years",
 * and so had its first consent records; afterwards none of them expires while it gets email.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { localDynamoClient } from '#infra/local/services.ts';
import { applyRetention } from '#infra/ops/commands/apply-retention.ts';
import { readItem, tables, uniqueEmail } from './support/local-aws';

const db = localDynamoClient(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
const put = (item: Record<string, unknown>) =>
  db.send(new PutItemCommand({ TableName: tables.subscribers, Item: marshall(item) }));

it('gives a subscriber from before the rule, its claim and its records the expiry the rule gives them', async () => {
  // Arrange: as the code before the rule left them, a year ago.
  const email = uniqueEmail('before-rule');
  const id = `Old${Date.now().toString(36)}`.padEnd(22, 'x').slice(0, 22);
  const oldExpiry = Math.floor(Date.now() / 1000) + 365 * 24 * 3600;
  const at = oldExpiry - 2 * 365 * 24 * 3600;
  await put({ id: `email#candidate#${email}`, kind: 'email-claim', subscriberId: id, expiresAt: oldExpiry });
  await put({
    id: `consent#${id}#1`,
    kind: 'consent-record',
    subscriberId: id,
    type: 'requested',
    at,
    expiresAt: oldExpiry,
  });
  await put({
    id: `consent#${id}#2`,
    kind: 'consent-record',
    subscriberId: id,
    type: 'confirmed',
    at,
    expiresAt: oldExpiry,
  });
  await put({
    id,
    kind: 'subscriber',
    audience: 'candidate',
    email,
    mailbox: email,
    consent: 'express',
    subscribed: true,
    unsubscribeAllEmail: [false],
    emailSetting: [true, true, true],
    lastConsent: { type: 'confirmed', at },
    consentCount: 2,
    expiresAt: oldExpiry,
  });

  // Act
  const checked = await applyRetention({
    name: 'local',
    db,
    tables: { leads: tables.leads, subscribers: tables.subscribers, campaigns: 'unused' },
    giveUpAfterSeconds: 900,
    outputs: {},
  });

  // Assess
  expect(checked).toBeGreaterThanOrEqual(1);
  const expiries = await Promise.all(
    [id, `email#candidate#${email}`, `consent#${id}#1`, `consent#${id}#2`].map(
      async (item) => (await readItem(tables.subscribers, item))?.expiresAt,
    ),
  );
  expect(expiries).toEqual([undefined, undefined, undefined, undefined]);
});
