/**
 * The Subscribers slice's routes (lambdas/console/subscribers/subscriber-routes.ts) through the
 * console's router and signed-in kit, in process, against the file's own dynalite: the list as the
 * owner filters it, the counts with its first page, and each page read in the audit log.
 */
import '#test/unit/support/env.ts';
import { SUBSCRIBER_LIST_ROUTES } from '#lambdas/console/subscribers/subscriber-routes.ts';
import { BAD_CURSOR } from '#lambdas/console/kit/page-cursor.ts';
import { KINDS } from '#test/support/campaign-subscribers.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { storeSubscriber } from '#test/unit/support/campaign-fixtures.ts';
import { OWNER, signedInConsole } from '#test/unit/support/signed-in-console.ts';

const tables = ownDynalite();
const { send, signIn, auditOf } = signedInConsole(tables, SUBSCRIBER_LIST_ROUTES);

beforeEach(async () => {
  await signIn();
  await storeSubscriber(tables, 'cam@example.ca');
  await storeSubscriber(tables, 'cara@example.ca', KINDS.unsubscribedAll);
  await storeSubscriber(tables, 'emma@example.ca', {}, 'employer');
});

describe("the Subscribers screen's routes", () => {
  it("lists one audience's subscribers, counts every audience on the first page, and logs the page read", async () => {
    const answer = await send('GET', '/api/admin/subscribers?audience=candidate');

    expect(answer.statusCode).toBe(200);
    expect(answer.json.items.map((row: { email: string }) => row.email).sort()).toEqual([
      'cam@example.ca',
      'cara@example.ca',
    ]);
    expect(answer.json.next).toBeUndefined();
    expect(answer.json.overview.byTopic.employer.newsletter).toBe(1);
    expect(await auditOf('subscribers.view')).toEqual([
      expect.objectContaining({
        actor: OWNER,
        summary: 'Viewed the subscriber list (audience candidate): 1 to 2 of 2 shown',
      }),
    ]);
  });

  it("answers 400 in the owners' words for a page link that is not valid, and logs no read", async () => {
    const answer = await send('GET', '/api/admin/subscribers?cursor=bm90LWEtbnVtYmVy');

    expect(answer).toMatchObject({ statusCode: 400, json: { message: BAD_CURSOR } });
    expect(await auditOf('subscribers.view')).toEqual([]);
  });
});
