/**
 * GET /api/employer/scorecard/download/{token}: the token is the lead's key followed by its
 * secret (lambdas/domain/lead-link-token.ts); only the exact token of a scorecard lead opens it.
 */
import '#test/unit/support/env.ts';
import { API_ERRORS } from '#shared/constants/messages.ts';
import { DOWNLOAD_LINK_TTL_SECONDS } from '#shared/constants/limits.ts';
import { IMPLIED_CONSENT_SECONDS } from '#shared/constants/consent.ts';
import { handler as downloadScorecard } from '#lambdas/handlers/download-scorecard.ts';
import { downloadEvent, invoke } from '#test/support/api-events.ts';
import { leadLinkToken } from '#lambdas/domain/lead-link-token.ts';
import { dynamo } from '#test/unit/support/dynamo-mock.ts';
import { ownDynalite } from '#test/unit/support/own-dynalite.ts';
import { NOW } from '#test/support/payloads.ts';
import { fakeClock } from '#test/unit/support/clock.ts';

const KEY = 'ScorecardKeyAbcdefghij';
const SECRET = 'SecretAbcdefghijklmnop';
const TOKEN = leadLinkToken({ id: `lead#${KEY}`, secret: SECRET }, 'download');
const NOT_FOUND = 'We could not find that download link. Please request the scorecard again.';

const tables = ownDynalite();
const storeLead = (overrides: Record<string, unknown> = {}) =>
  tables.put('Leads-unit', {
    id: `lead#${KEY}`,
    kind: 'lead',
    type: 'scorecard',
    audience: 'employer',
    secret: SECRET,
    mailbox: 'avery.stone@example.ca',
    createdAt: NOW - 60,
    ...overrides,
  });
/** The subscriber the scorecard email's links belong to, as the mailer leaves it. */
const storeSubscriber = async (overrides: Record<string, unknown> = {}) => {
  await tables.put('Subscribers-unit', {
    id: 'email#employer#avery.stone@example.ca',
    subscriberId: 'SubscriberIdAbcdefghij',
  });
  await tables.put('Subscribers-unit', {
    id: 'SubscriberIdAbcdefghij',
    kind: 'subscriber',
    audience: 'employer',
    mailbox: 'avery.stone@example.ca',
    consent: 'none',
    subscribed: true,
    unsubscribeAllEmail: [false],
    consentCount: 1,
    ...overrides,
  });
};
const subscriber = async () => (await tables.get('Subscribers-unit', 'SubscriberIdAbcdefghij'))!;

beforeEach(() => {
  fakeClock(NOW);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('GET /api/employer/scorecard/download/{token}', () => {
  it('redirects (302) to a 5-minute presigned S3 URL that downloads the file as an attachment', async () => {
    // Prepare
    await storeLead();

    // Act
    const answer = await invoke(downloadScorecard, downloadEvent(TOKEN));

    // Assess
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('no-store');
    const url = new URL(answer.headers.location!);
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://scorecard-bucket.s3.ca-central-1.amazonaws.com/documents/hr-scorecard.pdf',
    );
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'unit/20251009/ca-central-1/s3/aws4_request',
      'X-Amz-Date': '20251009T085320Z',
      'X-Amz-Expires': '300',
      'X-Amz-SignedHeaders': 'host',
      'response-content-disposition': 'attachment; filename="hr-scorecard.pdf"',
    });
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('still works just before the link expires, and answers 410 from then on', async () => {
    await storeLead({ createdAt: NOW - DOWNLOAD_LINK_TTL_SECONDS + 1 });
    expect((await invoke(downloadScorecard, downloadEvent(TOKEN))).statusCode).toBe(302);

    await storeLead({ createdAt: NOW - DOWNLOAD_LINK_TTL_SECONDS });
    const answer = await invoke(downloadScorecard, downloadEvent(TOKEN));
    expect(answer).toMatchObject({ statusCode: 410, json: { message: API_ERRORS.downloadExpired } });
  });

  it.each([
    ['an unknown lead', TOKEN, () => undefined],
    ['the right key with a wrong secret', `${KEY}${'x'.repeat(22)}`, () => storeLead()],
    ['the key of a sign-up lead', TOKEN, () => storeLead({ type: 'signup', audience: 'candidate' })],
    [
      "the lead's confirmation token (one token per purpose)",
      leadLinkToken({ id: `lead#${KEY}`, secret: SECRET }, 'confirmation'),
      () => storeLead(),
    ],
  ])('answers 404 with a readable message for %s', async (_case, token, prepare) => {
    await prepare();
    const answer = await invoke(downloadScorecard, downloadEvent(token));
    expect(answer).toMatchObject({ statusCode: 404, json: { message: NOT_FOUND } });
  });

  it.each(['../../etc/passwd', KEY, `${TOKEN}x`])(
    'answers the same 404 for the malformed token %p without reading the table',
    async (token) => {
      const answer = await invoke(downloadScorecard, downloadEvent(token));
      expect(answer).toMatchObject({ statusCode: 404, json: { message: NOT_FOUND } });
      expect(dynamo.calls()).toHaveLength(0);
    },
  );

  describe('implied consent', () => {
    it('starts when the link is followed, for six months from the request, once however often it is followed', async () => {
      await storeLead();
      await storeSubscriber();

      await invoke(downloadScorecard, downloadEvent(TOKEN));
      await invoke(downloadScorecard, downloadEvent(TOKEN));

      expect(await subscriber()).toMatchObject({
        consent: 'implied',
        impliedSince: NOW,
        impliedUntil: NOW - 60 + IMPLIED_CONSENT_SECONDS,
        consentCount: 2,
      });
      expect(await tables.get('Subscribers-unit', 'consent#SubscriberIdAbcdefghij#2')).toMatchObject({
        type: 'implied',
        source: 'scorecard-download',
        leadId: `lead#${KEY}`,
      });
      expect(await tables.get('Subscribers-unit', 'consent#SubscriberIdAbcdefghij#3')).toBeUndefined();
    });

    it.each([
      ['a confirmed subscriber (express consent is stronger)', { consent: 'express' }],
      [
        'an address that unsubscribed (a download does not undo it)',
        { subscribed: false, unsubscribeAllEmail: [true] },
      ],
    ])('changes nothing for %s', async (_case, overrides) => {
      await storeLead();
      await storeSubscriber(overrides);
      const before = await subscriber();

      const answer = await invoke(downloadScorecard, downloadEvent(TOKEN));

      expect(answer.statusCode).toBe(302);
      expect(await subscriber()).toEqual(before);
    });

    it('still gives the file when the consent cannot be recorded, and logs it', async () => {
      await storeLead();
      await storeSubscriber();
      // DynamoDB goes down right after the lead is read.
      tables.faults.set({ service: 'dynamodb', afterNextSuccessOf: 'dynamodb' });

      const answer = await invoke(downloadScorecard, downloadEvent(TOKEN));

      expect(answer.statusCode).toBe(302);
      expect((await subscriber()).consent).toBe('none');
      const warned = (console.warn as jest.Mock).mock.calls.map(([line]) => JSON.parse(line as string));
      expect(warned).toContainEqual(expect.objectContaining({ message: 'Implied consent not recorded' }));
    });
  });

  it('answers 503 with Retry-After when the table is unavailable', async () => {
    tables.faults.set({ service: 'dynamodb' });
    const answer = await invoke(downloadScorecard, downloadEvent(TOKEN));
    expect(answer).toMatchObject({ statusCode: 503, json: { message: API_ERRORS.dependencyUnavailable } });
    expect(answer.headers['retry-after']).toBeDefined();
  });
});
