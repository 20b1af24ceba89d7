import { API_ERRORS, API_SUCCESS } from '#shared/constants/messages.ts';
import { CONSENT_TEXT, IMPLIED_CONSENT_SECONDS } from '#shared/constants/consent.ts';
import { SCORECARD_MAILS_PER_ADDRESS_PER_DAY } from '#shared/constants/limits.ts';
import { handler as requestScorecardHandler } from '#lambdas/handlers/request-scorecard.ts';
import { handler as downloadScorecardHandler } from '#lambdas/handlers/download-scorecard.ts';
import { downloadEvent, invoke, scorecardEvent } from '#test/support/api-events.ts';
import { scorecardBody } from '#test/support/payloads.ts';
import {
  capturedEmailsTo,
  consentRecordsOf,
  deliverDueMail,
  leadsOf,
  notificationsAbout,
  rawEmailsTo,
  readItem,
  siteUrl,
  subscriberLinkTokensFor,
  subscribe,
  tables,
  uniqueEmail,
} from './support/local-aws';
import { asFunction } from '#test/support/twin-iam.ts';

const requestScorecard = asFunction('requestScorecard', requestScorecardHandler);
const downloadScorecard = asFunction('downloadScorecard', downloadScorecardHandler);

const now = () => Math.floor(Date.now() / 1000);
const DOWNLOAD_LINK = /https:\/\/site\.test\/api\/employer\/scorecard\/download\/([A-Za-z0-9_-]{44})/;

const requestAndDeliver = async (overrides: Record<string, unknown>) => {
  const answer = await invoke(
    requestScorecard,
    scorecardEvent(scorecardBody({ createdAt: now(), updatedAt: now(), ...overrides })),
  );
  const [lead] = await leadsOf(String(overrides.email).toLowerCase());
  return { answer, lead: await deliverDueMail(lead!.id) };
};

describe('scorecard request -> email with download link -> download', () => {
  it('emails the requester a link that redirects to the private scorecard, and gives the address implied consent (6 months from the request) only when that link is followed', async () => {
    const email = uniqueEmail('avery');

    const { answer, lead } = await requestAndDeliver({ email });
    const [mail] = await capturedEmailsTo(email);
    const token = DOWNLOAD_LINK.exec(mail!.body.text!)![1]!;
    const { subscriberId } = (await readItem(tables.subscribers, `email#employer#${email}`))!;
    const beforeDownload = await readItem(tables.subscribers, subscriberId);
    const download = await invoke(downloadScorecard, downloadEvent(token));
    const again = await invoke(downloadScorecard, downloadEvent(token));

    expect(answer).toMatchObject({ statusCode: 202, json: { success: API_SUCCESS.scorecardRequested } });
    expect(lead).toMatchObject({ mailStatus: 'sent', mail: { requester: 'sent', notification: 'sent' } });
    expect(lead!.consentRequest).toBeUndefined();
    expect(mail!.subject).toBe('Your Human Relations Scorecard');
    const tokens = await subscriberLinkTokensFor(email);
    expect(tokens.unsubscribe.startsWith(subscriberId)).toBe(true);
    expect(mail!.body.text).toContain(`${siteUrl}/unsubscribe/employer/${tokens.unsubscribe}`);
    expect(mail!.body.text).toContain(`${siteUrl}/employer/setting/${tokens.preferences}`);
    const [raw] = await rawEmailsTo(email);
    expect(raw!.header('list-unsubscribe')).toBe(
      `<${siteUrl}/api/employer/subscribers/${tokens.unsubscribe}/one-click>`,
    );
    expect((await notificationsAbout(email))[0]!.subject).toBe('New scorecard request: Avery Stone');
    expect(download.statusCode).toBe(302);
    const location = new URL(download.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(
      'http://127.0.0.1:9/local-s3/scorecard-bucket/documents/hr-scorecard.pdf',
    );
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(again.statusCode).toBe(302);
    // The request alone gave nothing: anyone can type any address into the form.
    expect(beforeDownload).toMatchObject({ consent: 'none', subscribed: true, consentCount: 1 });
    const subscriber = await readItem(tables.subscribers, subscriberId);
    expect(subscriber).toMatchObject({
      audience: 'employer',
      email,
      consent: 'implied',
      subscribed: true,
      impliedUntil: lead!.createdAt + IMPLIED_CONSENT_SECONDS,
      consentCount: 2,
    });
    expect(subscriber!.impliedSince).toBeGreaterThanOrEqual(lead!.createdAt);
    expect(await consentRecordsOf(subscriberId)).toEqual([
      expect.objectContaining({ type: 'inquired', source: 'scorecard-form', leadId: lead!.id }),
      expect.objectContaining({
        type: 'implied',
        source: 'scorecard-download',
        leadId: lead!.id,
        at: subscriber!.impliedSince,
        until: subscriber!.impliedUntil,
      }),
    ]);
  });

  it('sends a confirmation as well when the separate marketing box was ticked, and nothing of the kind otherwise', async () => {
    const ticked = uniqueEmail('ticked');

    const { lead } = await requestAndDeliver({ email: ticked, marketingConsent: true });

    expect(lead).toMatchObject({
      consentRequest: { source: 'scorecard-form', text: CONSENT_TEXT.scorecardMarketing },
      mail: { requester: 'sent', notification: 'sent', confirmation: 'sent' },
    });
    expect((await capturedEmailsTo(ticked)).map((mail) => mail.subject).sort()).toEqual([
      'Please confirm your subscription to Chinook Talent Partners',
      'Your Human Relations Scorecard',
    ]);
  });

  it('never changes an existing subscriber: a scorecard request for a confirmed subscriber leaves it as it was', async () => {
    const email = uniqueEmail('existing');
    const { id } = await subscribe('employer', email);
    const before = await readItem(tables.subscribers, id);

    await requestAndDeliver({ email, firstName: 'Someone', lastName: 'Else', organization: 'Other Org' });

    expect(await readItem(tables.subscribers, id)).toEqual(before);
  });

  it('refuses a tampered or unknown download link with 404', async () => {
    const email = uniqueEmail('tamper');
    await requestAndDeliver({ email });
    const token = DOWNLOAD_LINK.exec((await capturedEmailsTo(email))[0]!.body.text!)![1]!;
    const tampered = `${token.slice(0, 40)}${token[40] === 'A' ? 'B' : 'A'}${token.slice(41)}`;

    for (const bad of [tampered, 'UnknownTokenAbcdefghij', `${'A'.repeat(22)}${token.slice(22)}`]) {
      expect(await invoke(downloadScorecard, downloadEvent(bad))).toMatchObject({
        statusCode: 404,
        json: { message: 'We could not find that download link. Please request the scorecard again.' },
      });
    }
  });

  it('turns a double submit into one lead and one email', async () => {
    const email = uniqueEmail('double');
    const body = scorecardBody({ email, createdAt: now(), updatedAt: now() });

    const answers = await Promise.all([0, 1, 2].map(() => invoke(requestScorecard, scorecardEvent(body))));
    const leads = await leadsOf(email);
    await deliverDueMail(leads[0]!.id);

    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    expect(leads).toHaveLength(1);
    expect(await capturedEmailsTo(email)).toHaveLength(1);
  });

  it(`sends at most ${SCORECARD_MAILS_PER_ADDRESS_PER_DAY} scorecards a day to one mailbox (aliases included), then answers 429`, async () => {
    const [name, domain] = uniqueEmail('ceo').split('@');
    const addresses = [
      `${name}@${domain}`,
      `${name}+1@${domain}`,
      `${name}+2@${domain}`,
      `${name}+3@${domain}`,
      `${name!.toUpperCase()}+4@${domain}`,
    ];

    const answers = [];
    for (const email of addresses)
      answers.push(
        await invoke(requestScorecard, scorecardEvent(scorecardBody({ email, createdAt: now(), updatedAt: now() }))),
      );

    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 429, 429]);
    expect(answers[3]!.json).toEqual({ message: API_ERRORS.scorecardLimit });
  });
});
