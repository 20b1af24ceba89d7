/**
 * The firm's decision on emails the form-mail budget held (infra/ops/held-mail.ts), against
 * in-memory tables: a release puts them back into delivery, a drop settles them, and an email
 * whose links have stopped working is not released.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { decideHeldMail } from '#infra/ops/held-mail.ts';
import type { OpsTarget } from '#infra/ops/stack-target.ts';
import { fakeTables, type FakeTables } from '../lambdas/support/fake-tables';
import { NOW } from '../lambdas/support/payloads';

const LEADS = 'Leads-ops';
const DAY = 24 * 3600;
const target: OpsTarget = {
  name: 'local',
  db: new DynamoDBClient({ region: 'ca-central-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }),
  tables: { leads: LEADS, subscribers: 'Subscribers-ops', campaigns: 'Campaigns-ops' },
  giveUpAfterSeconds: 900,
  outputs: {},
};

let tables: FakeTables;
const heldLead = (createdAt: number) =>
  tables.put(LEADS, {
    id: 'lead#HeldKeyAbcdefghijklm',
    kind: 'lead',
    type: 'scorecard',
    email: 'visitor@example.ca',
    createdAt,
    mail: { notification: 'sent', requester: 'held' },
    mailStatus: 'held',
  });
const lead = () => tables.get(LEADS, 'lead#HeldKeyAbcdefghijklm')!;

beforeEach(() => {
  tables = fakeTables();
});

describe('emails held by the form-mail budget', () => {
  it('puts a released email back into delivery, due now, with a fresh retry window', async () => {
    heldLead(NOW - DAY);
    const said = await decideHeldMail(target, 'lead#HeldKeyAbcdefghijklm', 'release', NOW);
    expect(said).toBe('Released: the email to visitor@example.ca is being sent.');
    expect(lead()).toMatchObject({
      mail: { notification: 'sent', requester: 'pending' },
      mailStatus: 'pending',
      mailQueue: 'due',
      nextAttemptAt: NOW,
      retryUntil: NOW + 900,
    });
  });

  it('settles a dropped email as dropped, never to be sent', async () => {
    heldLead(NOW - DAY);
    await decideHeldMail(target, 'lead#HeldKeyAbcdefghijklm', 'drop', NOW);
    expect(lead()).toMatchObject({ mail: { requester: 'dropped' }, mailStatus: 'dropped' });
    expect(lead().mailQueue).toBeUndefined();
  });

  it('does not release an email whose links stopped working, and says why', async () => {
    heldLead(NOW - 7 * DAY);
    await expect(decideHeldMail(target, 'lead#HeldKeyAbcdefghijklm', 'release', NOW)).rejects.toThrow(
      `The links in the email to visitor@example.ca stopped working on ${new Date(NOW * 1000).toISOString()}: it is not sent.`,
    );
    expect(lead().mail.requester).toBe('held');
  });
});
