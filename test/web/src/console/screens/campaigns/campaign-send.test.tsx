/**
 * Sending a campaign from its page: the confirmation states the checks' recipient count and the
 * time in Alberta's words, a blocking check refuses the send, the frozen campaign shows its
 * progress in words (polled while it runs; not when sent, hidden or left), Cancel, Pause and
 * Resume say what happened, a 409 says where the send stands now, and the results are counts of
 * people per campaign and per day. The API is replaced by answers per route; the screens, the
 * frame and the session are the real ones.
 */
import { callOf, routeKeyOf } from '#shared/route-key.ts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import {
  CAMPAIGN_ROUTES,
  UNSUBSCRIBED_WITHOUT_REASON,
  type CampaignDraft,
  type Preflight,
  type SendProgress,
} from '#shared/console/campaigns.ts';
import { BACKGROUND_REQUEST_HEADER } from '#shared/console/common.ts';
import { UNSUBSCRIBE_REASONS } from '#shared/constants/subscriber-options.ts';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { PROGRESS_EVERY_MS } from '#web/src/console/screens/campaigns/use-send-progress.ts';
import { sentRequests } from '#test/web/support/mock-fetch.ts';
import { campaign, NO_RESULTS, OWNER, progress, SLUG } from './campaign-draft';
import { routedFetch, type RoutedReplies } from '#test/web/src/console/support/routed-fetch.ts';

const DRAFT_PATH = callOf(CAMPAIGN_ROUTES.get, { slug: SLUG }).path;
const SEND_PATH = callOf(CAMPAIGN_ROUTES.progress, { slug: SLUG }).path;
const SENDING_NOW = `Campaign "${SLUG}" is being sent to 1234 people. Follow its progress here.`;

const passed = (id: Preflight['checks'][number]['id']) => ({ id, ok: true, summary: `${id} is fine.` });
const preflight = (overrides: Partial<Preflight> = {}): Preflight => ({
  slug: SLUG,
  checks: (['recipients', 'identification', 'links', 'unsubscribe', 'subject', 'preheader'] as const).map(passed),
  recipients: 1234,
  exclusions: [],
  links: [],
  checkedAt: 1_780_000_000,
  ...overrides,
});

const SENT = progress({ sent: 1990, inDoubt: 3, failed: 2, ineligible: 5, left: 0 });

const PREVIEW = {
  subject: 'Spring hiring news',
  preheader: '',
  html: '<!doctype html><p>Hello</p>',
  text: 'Hello',
  recipient: { kind: 'sample', description: "The links are a sample subscriber's." },
};

const routes = (replies: RoutedReplies): RoutedReplies => ({
  'GET /api/admin/auth/session': [{ status: 200, body: OWNER }],
  [`GET ${DRAFT_PATH}/preflight`]: [{ status: 200, body: preflight() }],
  [routeKeyOf(CAMPAIGN_ROUTES.preview)]: [{ status: 200, body: PREVIEW }],
  ...replies,
});
const stored = (...campaigns: CampaignDraft[]) => ({
  [`GET ${DRAFT_PATH}`]: campaigns.map((body) => ({ status: 200, body })),
});
const progressReplies = (...answers: SendProgress[]) => ({
  [`GET ${SEND_PATH}`]: answers.map((body) => ({ status: 200, body })),
});

const openCampaign = () =>
  render(
    <MemoryRouter initialEntries={[`/campaigns/${SLUG}`]}>
      <ConsoleApp />
    </MemoryRouter>,
  );

const calls = (fetchMock: jest.Mock, method: string, url: string) =>
  sentRequests(fetchMock).filter((request) => request.method === method && request.url === url);

const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  jest.useRealTimers();
  setVisibility('visible');
});

describe('sending a draft', () => {
  it('asks "Send to 1,234 subscribers now?", sends the saved version, then shows the frozen campaign’s progress', async () => {
    // Prepare
    const fetchMock = routedFetch(
      routes({
        ...stored(campaign(), campaign({ state: 'sent' })),
        [`POST ${SEND_PATH}`]: [
          { status: 202, body: { message: SENDING_NOW, recipients: 1234, launchAt: 1_780_000_000 } },
        ],
        ...progressReplies(progress()),
      }),
    );
    const user = userEvent.setup();
    openCampaign();
    await screen.findByText('1,234 people can receive it now.', { exact: false });

    // Act
    await user.click(screen.getByRole('button', { name: 'Send now' }));

    // Assess: asked first, with the count; nothing sent yet
    expect(screen.getByText('Send to 1,234 subscribers now?')).toBeVisible();
    expect(calls(fetchMock, 'POST', SEND_PATH)).toEqual([]);

    // Act
    await user.click(screen.getByRole('button', { name: 'Yes, send it now' }));

    // Assess: the saved version sent, the API's words, the progress instead of the editor
    expect(await screen.findByText(SENDING_NOW)).toBeVisible();
    expect(await screen.findByText('Sending: 420 of 2,000 sent')).toBeVisible();
    expect(calls(fetchMock, 'POST', SEND_PATH)).toEqual([{ url: SEND_PATH, method: 'POST', body: { version: 3 } }]);
    expect(screen.queryByLabelText('Body')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(await screen.findByText(/^Being sent: it can no longer be changed/)).toBeVisible();
  });

  it('schedules at a date and time in Alberta time, asking with the time in words, sent as an instant', async () => {
    // Prepare
    const fetchMock = routedFetch(
      routes({
        ...stored(campaign(), campaign({ state: 'sent' })),
        [`POST ${SEND_PATH}`]: [{ status: 202, body: { message: 'Scheduled.', recipients: 1234, launchAt: 0 } }],
        ...progressReplies(progress({ state: 'scheduled', launchAt: Date.parse('2027-07-06T15:00:00Z') / 1000 })),
      }),
    );
    const user = userEvent.setup();
    openCampaign();
    await screen.findByText('1,234 people can receive it now.', { exact: false });

    // Act
    await user.click(screen.getByRole('radio', { name: 'At a date and time (Alberta time)' }));
    await user.type(screen.getByLabelText('Date (Alberta time)'), '2027-07-06');
    await user.clear(screen.getByLabelText('Time (Alberta time)'));
    await user.type(screen.getByLabelText('Time (Alberta time)'), '09:00');
    await user.click(screen.getByRole('button', { name: 'Schedule the send' }));

    // Assess
    expect(screen.getByText('Send to 1,234 subscribers on Tue 6 Jul, 9:00 am Alberta time?')).toBeVisible();

    // Act
    await user.click(screen.getByRole('button', { name: 'Yes, schedule it' }));

    // Assess: 9:00 in Edmonton that day (daylight time, UTC−6), and the page says when it goes
    expect(await screen.findByText('Scheduled for Tue 6 Jul, 9:00 am Alberta time')).toBeVisible();
    expect(calls(fetchMock, 'POST', SEND_PATH)).toEqual([
      { url: SEND_PATH, method: 'POST', body: { version: 3, at: '2027-07-06T15:00:00.000Z' } },
    ]);
    expect(screen.getByRole('button', { name: 'Cancel the send' })).toBeVisible();
  });

  it('refuses while a check that blocks a send shows a problem, naming it; a long subject only warns', async () => {
    // Prepare
    const checks = preflight().checks.map((check) =>
      check.id === 'links' || check.id === 'subject' ? { ...check, ok: false } : check,
    );
    routedFetch(
      routes({
        ...stored(campaign()),
        [`GET ${DRAFT_PATH}/preflight`]: [{ status: 200, body: preflight({ checks }) }],
      }),
    );

    // Act
    openCampaign();

    // Assess
    expect(await screen.findByText('It cannot be sent while this check shows a problem: Links.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  });

  it('refuses while there are unsaved changes: what goes out is the saved campaign', async () => {
    // Prepare
    routedFetch(routes(stored(campaign())));
    const user = userEvent.setup();
    openCampaign();
    await screen.findByRole('button', { name: 'Send now' });

    // Act
    await user.type(screen.getByLabelText('Body'), ' More.');

    // Assess
    expect(screen.getByText('Save your changes first: what goes out is the saved campaign.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  });

  it('a send that lost to another owner’s (409) says so and shows the campaign as it is now', async () => {
    // Prepare
    const alreadySent = `Campaign "${SLUG}" has been sent, so it can no longer be changed or deleted. Write a new campaign instead.`;
    routedFetch(
      routes({
        ...stored(campaign(), campaign({ state: 'sent' })),
        [`POST ${SEND_PATH}`]: [{ status: 409, body: { message: alreadySent } }],
        ...progressReplies(progress()),
      }),
    );
    const user = userEvent.setup();
    openCampaign();

    // Act
    await user.click(await screen.findByRole('button', { name: 'Send now' }));
    await user.click(screen.getByRole('button', { name: 'Yes, send it now' }));

    // Assess
    expect(await screen.findByText(alreadySent)).toBeVisible();
    expect(await screen.findByText('Sending: 420 of 2,000 sent')).toBeVisible();
  });
});

describe('a frozen campaign’s progress', () => {
  it('shows every count and a bar while sending, read again until it is sent, then no more', async () => {
    // Prepare
    jest.useFakeTimers();
    const fetchMock = routedFetch(
      routes({
        ...stored(campaign({ state: 'sent' })),
        ...progressReplies(progress(), progress({ sent: 1500, left: 500 }), SENT),
      }),
    );

    // Act
    openCampaign();

    // Assess
    expect(await screen.findByText('Sending: 420 of 2,000 sent')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: '420 of 2,000 done' })).toHaveAttribute('value', '420');
    expect(screen.getByText('Left to send').nextSibling).toHaveTextContent('1,580');
    expect(screen.getByRole('button', { name: 'Pause the send' })).toBeVisible();

    // Act + Assess: read again while it runs (the async clock lets each read's answer settle
    // before it moves on, as a browser's event loop does)
    await act(() => jest.advanceTimersByTimeAsync(PROGRESS_EVERY_MS));
    expect(screen.getByText('Sending: 1,500 of 2,000 sent')).toBeVisible();
    await act(() => jest.advanceTimersByTimeAsync(PROGRESS_EVERY_MS));
    expect(screen.getByText('Sent')).toBeVisible();
    expect(
      screen.getByText('In doubt (being checked with Amazon SES; never sent twice)').nextSibling,
    ).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Check for new results' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pause the send' })).toBeNull();

    // Act: a minute later
    await act(() => jest.advanceTimersByTimeAsync(60_000));

    // Assess: read three times, none after it was sent
    expect(calls(fetchMock, 'GET', SEND_PATH)).toHaveLength(3);
  });

  it('marks the timed re-reads as background, so an unattended tab does not keep the owner signed in', async () => {
    // Prepare
    jest.useFakeTimers();
    const fetchMock = routedFetch(
      routes({ ...stored(campaign({ state: 'sent' })), ...progressReplies(progress(), progress(), SENT) }),
    );
    openCampaign();
    expect(await screen.findByText('Sending: 420 of 2,000 sent')).toBeVisible();

    // Act: two turns of the timer
    await act(() => jest.advanceTimersByTimeAsync(2 * PROGRESS_EVERY_MS));

    // Assess: the read on opening is the owner's; the two after it say they are the page's own
    const reads = fetchMock.mock.calls.filter(([url]) => url === SEND_PATH);
    const marked = reads.map(([, init]) => new Headers(init?.headers).get(BACKGROUND_REQUEST_HEADER));
    expect(marked).toEqual([null, '1', '1']);
  });

  it('says why fewer were queued than the owner confirmed, and says nothing when the counts match', async () => {
    // Prepare
    routedFetch(routes({ ...stored(campaign({ state: 'sent' })), ...progressReplies(progress({ confirmed: 2003 })) }));

    // Act
    openCampaign();

    // Assess
    expect(
      await screen.findByText(
        'When you pressed send, 2,003 people could receive it; when it started, 2,000 could. Between the two, people unsubscribed, switched the topic off or joined: each gets it only if they can when it starts.',
      ),
    ).toBeVisible();
  });

  it('says nothing of the confirmed count when everyone confirmed was queued', async () => {
    // Prepare
    routedFetch(routes({ ...stored(campaign({ state: 'sent' })), ...progressReplies(progress({ confirmed: 2000 })) }));

    // Act
    openCampaign();

    // Assess
    expect(await screen.findByText('Sending: 420 of 2,000 sent')).toBeVisible();
    expect(screen.queryByText(/When you pressed send/)).toBeNull();
  });

  it('is not read while the tab is hidden, is read again once shown, and never after leaving the page', async () => {
    // Prepare
    jest.useFakeTimers();
    const fetchMock = routedFetch(routes({ ...stored(campaign({ state: 'sent' })), ...progressReplies(progress()) }));
    const page = openCampaign();
    await screen.findByText('Sending: 420 of 2,000 sent');
    const reads = () => calls(fetchMock, 'GET', SEND_PATH).length;
    const before = reads();

    // Act
    act(() => setVisibility('hidden'));
    await act(() => jest.advanceTimersByTimeAsync(10 * PROGRESS_EVERY_MS));

    // Assess
    expect(reads()).toBe(before);

    // Act
    await act(async () => setVisibility('visible'));
    await act(() => jest.advanceTimersByTimeAsync(PROGRESS_EVERY_MS));

    // Assess: at once, then at the next turn
    expect(reads()).toBe(before + 2);

    // Act
    page.unmount();
    await act(() => jest.advanceTimersByTimeAsync(10 * PROGRESS_EVERY_MS));

    // Assess
    expect(reads()).toBe(before + 2);
  });

  it('scheduled: says when in Alberta time; Cancel asks, then says nothing was sent and opens the draft again', async () => {
    // Prepare
    const cancelled = `The send of "${SLUG}" is cancelled; nothing was sent. The draft can be changed again.`;
    const fetchMock = routedFetch(
      routes({
        ...stored(campaign({ state: 'sent' }), campaign()),
        ...progressReplies(
          progress({
            state: 'scheduled',
            launchAt: Date.parse('2026-07-07T15:00:00Z') / 1000,
            startedAt: undefined,
            queued: 0,
            sent: 0,
            left: 0,
          }),
        ),
        [`POST ${SEND_PATH}/cancel`]: [{ status: 200, body: { message: cancelled } }],
      }),
    );
    const user = userEvent.setup();
    openCampaign();
    expect(await screen.findByText('Scheduled for Tue 7 Jul, 9:00 am Alberta time')).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();

    // Act
    await user.click(screen.getByRole('button', { name: 'Cancel the send' }));
    expect(
      screen.getByText('Cancel this send? Nobody gets it, and the draft can be changed and sent again.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the send' }));

    // Assess
    expect(await screen.findByText(cancelled)).toBeVisible();
    expect(await screen.findByLabelText('Body')).toHaveValue('Hello from the firm.');
    expect(calls(fetchMock, 'POST', `${SEND_PATH}/cancel`)).toHaveLength(1);
  });

  it('Pause says nobody else gets it until resumed; Resume says how many are on their way', async () => {
    // Prepare
    const paused = progress({ state: 'paused' });
    routedFetch(
      routes({
        ...stored(campaign({ state: 'sent' })),
        ...progressReplies(progress()),
        [`POST ${SEND_PATH}/pause`]: [{ status: 200, body: paused }],
        [`POST ${SEND_PATH}/resume`]: [{ status: 200, body: progress() }],
      }),
    );
    const user = userEvent.setup();
    openCampaign();

    // Act
    await user.click(await screen.findByRole('button', { name: 'Pause the send' }));

    // Assess
    expect(await screen.findByText('Paused. Nobody else gets it until you press Resume.')).toBeVisible();
    expect(screen.getByText('Paused: 420 of 2,000 sent. Nobody else gets it until you resume.')).toBeVisible();

    // Act
    await user.click(screen.getByRole('button', { name: 'Resume the send' }));

    // Assess
    expect(await screen.findByText('Resumed: the 1,580 emails left are on their way again.')).toBeVisible();
    expect(screen.getByText('Sending: 420 of 2,000 sent')).toBeVisible();
  });

  it('a Pause refused because the send moved on (409) says the API’s words and where it stands now', async () => {
    // Prepare
    routedFetch(
      routes({
        ...stored(campaign({ state: 'sent' })),
        ...progressReplies(progress(), SENT),
        [`POST ${SEND_PATH}/pause`]: [{ status: 409, body: { message: 'Only a send in progress can be paused.' } }],
      }),
    );
    const user = userEvent.setup();
    openCampaign();

    // Act
    await user.click(await screen.findByRole('button', { name: 'Pause the send' }));

    // Assess
    expect(await screen.findByText('Only a send in progress can be paused. Where it stands now: Sent.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pause the send' })).toBeNull();
  });
});

describe('the preview’s links', () => {
  const previewBodies = (fetchMock: jest.Mock) =>
    calls(fetchMock, 'POST', CAMPAIGN_ROUTES.preview.path).map(
      (request) => (request.body as { sampleLinks: boolean }).sampleLinks,
    );

  it('a frozen campaign’s preview asks for the sample subscriber’s links; a draft’s for a real recipient’s', async () => {
    // Prepare
    const frozen = routedFetch(routes({ ...stored(campaign({ state: 'sent' })), ...progressReplies(SENT) }));

    // Act
    const { unmount } = openCampaign();
    await waitFor(() => expect(previewBodies(frozen)).toHaveLength(1), { timeout: 3000 });
    unmount();
    const draft = routedFetch(routes(stored(campaign())));
    openCampaign();
    await waitFor(() => expect(previewBodies(draft)).toHaveLength(1), { timeout: 3000 });

    // Assess
    expect(previewBodies(frozen)).toEqual([true]);
    expect(previewBodies(draft)).toEqual([false]);
  });
});

describe('results', () => {
  it('counts people per campaign and per Alberta day, unsubscribed since included, and nothing of opening or clicking', async () => {
    // Prepare
    const results = { delivered: 1980, bounced: 4, softBounced: 2, complained: 1, rejected: 3, unsubscribed: 5 };
    routedFetch(
      routes({
        ...stored(campaign({ state: 'sent' })),
        ...progressReplies({
          ...SENT,
          results,
          perDay: [
            { day: '2026-11-26', ...results, delivered: 1500 },
            { day: '2026-11-27', ...NO_RESULTS, delivered: 480, unsubscribed: 5 },
          ],
        }),
      }),
    );

    // Act
    openCampaign();

    // Assess
    const whole = await screen.findByRole('table', { name: 'The whole campaign' });
    const rows = within(whole)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Delivered1,980',
      'Bounced, permanently4',
      'Bounced, temporarily2',
      'Marked as spam1',
      'Rejected by Amazon SES3',
      'Unsubscribed since5',
    ]);
    const days = within(screen.getByRole('table', { name: 'Each day (Alberta)' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    const dayTable = screen.getByRole('table', { name: 'Each day (Alberta)' });
    expect(
      within(dayTable)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Day',
      'Delivered',
      'Bounced, permanently',
      'Bounced, temporarily',
      'Marked as spam',
      'Rejected by Amazon SES',
      'Unsubscribed since',
    ]);
    expect(days).toEqual(['2026-11-261,50042135', '2026-11-2748000005']);
    expect(screen.queryByText(/opened|clicked|opens|clicks/i)).toBeNull();
  });

  it('lists why those who unsubscribed since left, in the unsubscribe page’s own words, counted together', async () => {
    // Prepare: the labels as the API sends them, the unsubscribe page's (shared/constants/subscriber-options.ts).
    const words = (key: string) => UNSUBSCRIBE_REASONS.candidate.find((reason) => reason.key === key)!.label;
    routedFetch(
      routes({
        ...stored(campaign({ state: 'sent' })),
        ...progressReplies({
          ...SENT,
          results: { ...NO_RESULTS, delivered: 20, unsubscribed: 4 },
          unsubscribeReasons: [
            { reason: 'tooFrequent', label: words('tooFrequent'), count: 2 },
            { reason: 'notRelevant', label: words('notRelevant'), count: 1 },
            { reason: 'none', label: UNSUBSCRIBED_WITHOUT_REASON, count: 1 },
          ],
        }),
      }),
    );

    // Act
    openCampaign();

    // Assess
    const reasons = await screen.findByRole('region', { name: 'Why they unsubscribed' });
    expect(reasons).toHaveTextContent(
      'What the 4 people who unsubscribed since gave as their reasons, counted together (one person may give several).',
    );
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '“The emails are too frequent”: 2 people',
      '“The content is not relevant to me”: 1 person',
      `${UNSUBSCRIBED_WITHOUT_REASON}: 1 person`,
    ]);
  });

  it('says nobody unsubscribed since, with no list of reasons, while none did', async () => {
    // Prepare
    routedFetch(
      routes({
        ...stored(campaign({ state: 'sent' })),
        ...progressReplies({ ...SENT, results: { ...NO_RESULTS, delivered: 20 } }),
      }),
    );

    // Act
    openCampaign();

    // Assess
    expect(await screen.findByText('Nobody has unsubscribed since this campaign reached them.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Why they unsubscribed' })).toBeNull();
  });
});
