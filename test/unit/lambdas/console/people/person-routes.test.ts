/**
 * The People slice's routes (lambdas/console/people/person-routes.ts) through the console's router
 * and signed-in kit, in process, against the file's own dynalite: a person's record, an unsubscribe
 * at their request and an erasure, as the owner is answered, as the tables hold them afterwards,
 * and as the audit log names the person (by hash, never the address: docs/decisions/0072-erasure.md).
 */
import '#test/unit/support/env.ts';
import { ERASURE_NOT_CONFIRMED, NO_SUBSCRIPTION } from '#shared/console/people.ts';
import { PERSON_ROUTES } from '#lambdas/console/people/person-routes.ts';
import { storedLead } from '#test/support/own-leads-table.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { storeSubscriber } from '#test/unit/support/campaign-fixtures.ts';
import { OWNER, signedInConsole } from '#test/unit/support/signed-in-console.ts';

const tables = ownDynalite();
const { send, signIn, auditOf } = signedInConsole(tables, PERSON_ROUTES);
const EMAIL = 'pat.doe@example.ca';

const everything = async () => [
  ...(await tables.all(tables.names.leads)),
  ...(await tables.all(tables.names.subscribers)),
  ...(await tables.all(tables.names.campaigns)),
];
const auditText = async () => JSON.stringify(await tables.all(tables.names.console, 'audit#'));

beforeEach(() => signIn());

describe("the People screen's routes", () => {
  it("shows a person's subscription and lead, and logs the view by the person's hash alone", async () => {
    await storeSubscriber(tables, EMAIL);
    await tables.put(tables.names.leads, storedLead({ email: EMAIL, mailbox: EMAIL }));

    const answer = await send('POST', '/api/admin/people/record', { email: 'Pat.Doe@Example.ca' });

    expect(answer.statusCode).toBe(200);
    expect(answer.json).toMatchObject({
      mailbox: EMAIL,
      subscriptions: [expect.objectContaining({ audience: 'candidate', email: EMAIL, consent: 'express' })],
      leads: [expect.anything()],
    });
    expect(await auditOf('person.view')).toEqual([
      expect.objectContaining({ actor: OWNER, target: answer.json.personRef }),
    ]);
    expect(await auditText()).not.toContain(EMAIL);
  });

  it('unsubscribes a person at their request once, with the owner and reason in the ledger; again changes nothing', async () => {
    const pat = await storeSubscriber(tables, EMAIL);

    const first = await send('POST', '/api/admin/people/unsubscribe', { email: EMAIL, reason: 'asked by phone' });
    const again = await send('POST', '/api/admin/people/unsubscribe', { email: EMAIL, reason: 'asked by phone' });

    expect(first).toMatchObject({ statusCode: 200, json: { withdrawn: 1 } });
    expect(again).toMatchObject({
      statusCode: 200,
      json: { withdrawn: 0, message: 'This person was already unsubscribed from every email, so nothing changed.' },
    });
    expect(await tables.get(tables.names.subscribers, pat.id)).toMatchObject({ unsubscribeAllEmail: [true] });
    const withdrawals = (await tables.all(tables.names.subscribers, `consent#${pat.id}#`)).filter(
      (record) => record.type === 'withdrawn',
    );
    expect(withdrawals).toEqual([expect.objectContaining({ reasons: ['asked by phone'] })]);
    expect(JSON.stringify(withdrawals)).toContain(OWNER);
    expect(await auditOf('person.unsubscribe')).toHaveLength(1);
  });

  it("answers 404 in the owners' words for an address with no subscription", async () => {
    const answer = await send('POST', '/api/admin/people/unsubscribe', { email: EMAIL, reason: 'asked by phone' });
    expect(answer).toMatchObject({ statusCode: 404, json: { message: NO_SUBSCRIPTION } });
  });

  it('erases nothing when the address typed to confirm is another one', async () => {
    await storeSubscriber(tables, EMAIL);
    const before = await everything();

    const answer = await send('POST', '/api/admin/people/erasure', { email: EMAIL, confirmEmail: 'pat@example.ca' });

    expect(answer).toMatchObject({ statusCode: 400, json: { message: ERASURE_NOT_CONFIRMED } });
    expect(await everything()).toEqual(before);
    expect(await auditOf('person.erase')).toEqual([]);
  });

  it("erases a person's leads and subscription, and the address is nowhere in the tables or the log after", async () => {
    await storeSubscriber(tables, EMAIL);
    await tables.put(tables.names.leads, storedLead({ email: EMAIL, mailbox: EMAIL }));

    const answer = await send('POST', '/api/admin/people/erasure', { email: EMAIL, confirmEmail: EMAIL });

    expect(answer).toMatchObject({ statusCode: 200, json: { erased: { leads: 1, subscriptions: 1 } } });
    expect(JSON.stringify(await everything())).not.toContain(EMAIL);
    expect(await auditOf('person.erase')).toEqual([
      expect.objectContaining({ actor: OWNER, target: answer.json.personRef }),
    ]);
    expect(await auditText()).not.toContain(EMAIL);
  });
});
