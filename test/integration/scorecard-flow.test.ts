import { API_ERRORS, API_SUCCESS, CONSENT_TEXT, SCORECARD_MAILS_PER_ADDRESS_PER_DAY } from '../../shared/constants';
import { handler as requestScorecard } from '../../lambdas/handlers/request-scorecard';
import { handler as downloadScorecard } from '../../lambdas/handlers/download-scorecard';
import { consentRecordId } from '../../lambdas/data/subscriber-item';
import { downloadEvent, invoke, scorecardEvent } from '../unit/lambdas/support/api-events';
import { scorecardBody } from '../unit/lambdas/support/payloads';
import { capturedEmailsTo, leadsOf, notificationsAbout, rawEmailsTo, readItem, runMailer, siteUrl, tables, uniqueEmail } from './support/local-aws';

const now = () => Math.floor(Date.now() / 1000);

describe('scorecard request -> email with download link -> download', () => {
  it('emails the requester a link that redirects to the private scorecard', async () => {
    // Prepare
    const email = uniqueEmail('avery');

    // Act
    const answer = await invoke(requestScorecard, scorecardEvent(scorecardBody({ email, createdAt: now(), updatedAt: now() })));
    const [lead] = await leadsOf(email);
    await runMailer(lead!);
    const [mail] = await capturedEmailsTo(email);
    const link = /https:\/\/site\.test\/api\/employer\/scorecard\/download\/([A-Za-z0-9_-]{22})/.exec(mail!.body.text!);
    const download = await invoke(downloadScorecard, downloadEvent(link![1]!));

    // Assess
    expect(answer).toMatchObject({ statusCode: 202, json: { success: API_SUCCESS.scorecardRequested } });
    expect(mail!.subject).toBe('Your Human Relations Scorecard');
    expect(link![0]).toBe(`${siteUrl}/api/employer/scorecard/download/${lead!.downloadToken}`);
    expect(mail!.body.text).toContain(`${siteUrl}/unsubscribe/employer/${lead!.subscriberId}`);
    expect(mail!.body.text).toContain(`${siteUrl}/employer/setting/${lead!.subscriberId}`);
    const [raw] = await rawEmailsTo(email);
    expect(raw!.header('list-unsubscribe')).toBe(`<${siteUrl}/api/employer/subscribers/${lead!.subscriberId}/one-click>`);
    expect((await notificationsAbout(email))[0]!.subject).toBe('New scorecard request: Avery Stone');
    expect(download.statusCode).toBe(302);
    const location = new URL(download.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:9/local-s3/scorecard-bucket/documents/hr-scorecard.pdf');
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(location.searchParams.get('response-content-disposition')).toBe('attachment; filename="hr-scorecard.pdf"');
    const subscriber = await readItem(tables.subscribers, lead!.subscriberId);
    const granted = { type: 'granted', source: 'scorecard-form', text: CONSENT_TEXT.scorecard };
    expect(subscriber).toMatchObject({ audience: 'employer', email, lastConsent: granted, consentCount: 1 });
    expect(await readItem(tables.subscribers, consentRecordId(lead!.subscriberId, 1))).toMatchObject({ ...granted, kind: 'consent-record', subscriberId: lead!.subscriberId });
  });

  it('answers 404 for an unknown download token', async () => {
    const answer = await invoke(downloadScorecard, downloadEvent('UnknownTokenAbcdefghij'));
    expect(answer).toMatchObject({ statusCode: 404, json: { message: 'We could not find that download link. Please request the scorecard again.' } });
  });

  it('turns a double submit into one lead and one email', async () => {
    const email = uniqueEmail('double');
    const body = scorecardBody({ email, createdAt: now(), updatedAt: now() });

    const answers = await Promise.all([0, 1, 2].map(() => invoke(requestScorecard, scorecardEvent(body))));
    const leads = await leadsOf(email);
    for (const lead of leads) await runMailer(lead);

    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    expect(leads).toHaveLength(1);
    expect(await capturedEmailsTo(email)).toHaveLength(1);
    expect(await notificationsAbout(email)).toHaveLength(1);
  });

  it(`sends at most ${SCORECARD_MAILS_PER_ADDRESS_PER_DAY} scorecards a day to one address, then answers 429`, async () => {
    const email = uniqueEmail('limit');
    const request = (n: number) => invoke(requestScorecard, scorecardEvent(scorecardBody({ email, helpDescription: `Request ${n}` })));

    const allowed = [];
    for (let n = 0; n < SCORECARD_MAILS_PER_ADDRESS_PER_DAY; n += 1) allowed.push(await request(n));
    const refused = await request(99);
    const refusedAgain = await request(99);

    expect(allowed.map((answer) => answer.statusCode)).toEqual(Array(SCORECARD_MAILS_PER_ADDRESS_PER_DAY).fill(202));
    expect(refused).toMatchObject({ statusCode: 429, json: { message: API_ERRORS.scorecardLimit } });
    // The refused request's duplicate marker was freed: the retry is refused again, not silently accepted.
    expect(refusedAgain.statusCode).toBe(429);
    expect(await leadsOf(email)).toHaveLength(SCORECARD_MAILS_PER_ADDRESS_PER_DAY);
  });
});
