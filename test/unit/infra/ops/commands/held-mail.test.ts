/**
 * The firm's decision on emails the form-mail budget held (infra/ops/commands/held-mail.ts), against
 * the test's own dynalite: a release puts them back into delivery, a drop settles them, and an email
 * whose links have stopped working is not released.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { decideHeldMail } from '#infra/ops/commands/held-mail.ts';
import type { OpsTarget } from '#infra/ops/commands/stack-target.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { NOW } from '#test/support/payloads.ts';

const tables = ownDynalite();
const LEADS = tables.names.leads;
const DAY = 24 * 3600;
const target: OpsTarget = {
  name: 'local',
  db: new DynamoDBClient({ region: 'ca-central-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }),
  tables: tables.names,
  giveUpAfterSeconds: 900,
  outputs: {},
};

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
const lead = async () => (await tables.get(LEADS, 'lead#HeldKeyAbcdefghijklm'))!;

describe('emails held by the form-mail budget', () => {
  it('puts a released email back into delivery, due now, with a fresh retry window', async () => {
    await heldLead(NOW - DAY);
    const said = await decideHeldMail(target, 'lead#HeldKeyAbcdefghijklm', 'release', NOW);
    expect(said).toBe('Released: the email to visitor@example.ca is being sent.');
    expect(await lead()).toMatchObject({
      mail: { notification: 'sent', requester: 'pending' },
      mailStatus: 'pending',
      mailQueue: 'due',
      nextAttemptAt: NOW,
      retryUntil: NOW + 900,
    });
  });

  it('settles a dropped email as dropped, never to be sent', async () => {
    await heldLead(NOW - DAY);
    await decideHeldMail(target, 'lead#HeldKeyAbcdefghijklm', 'drop', NOW);
    expect(await lead()).toMatchObject({ mail: { requester: 'dropped' }, mailStatus: 'dropped' });
    expect((await lead()).mailQueue).toBeUndefined();
  });

  it('does not release an email whose links stopped working, and says why', async () => {
    await heldLead(NOW - 7 * DAY);
    await expect(decideHeldMail(target, 'lead#HeldKeyAbcdefghijklm', 'release', NOW)).rejects.toThrow(
      `The links in the email to visitor@example.ca stopped working on ${new Date(NOW * 1000).toISOString()}: it is not sent.`,
    );
    expect((await lead()).mail.requester).toBe('held');
  });
});
