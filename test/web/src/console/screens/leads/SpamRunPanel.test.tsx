/**
 * Marking a flood as spam from the leads inbox (issue 33, part 8): the owner chooses every lead
 * that matches the view as filtered (or the leads shown), is asked with the number the API
 * counted, then sees how far the run has come ("Marked 200 of 450 as spam…") while the page asks
 * for its steps, each with the same scope; once done, the list shows what is left. A run stopped
 * by a refusal goes on from where it stopped with "Continue marking". The API is replaced by
 * answers per route; the screen is real.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { ConsoleSession } from '#shared/console/sign-in.ts';
import type { Page } from '#shared/console/common.ts';
import type { LeadSummary, SpamRun } from '#shared/console/leads.ts';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { sentRequests } from '#test/web/support/mock-fetch.ts';
import { leadSummary } from '#test/web/src/console/support/leads.ts';
import { routedFetch, type RoutedReplies } from '#test/web/src/console/support/routed-fetch.ts';

const OWNER: ConsoleSession = { owner: 'owner@console.test', expiresAt: 2_000_000_000, idleExpiresAt: 2_000_000_000 };
const lead = (id: string, name: string) =>
  leadSummary({ id, name, audience: 'candidate', email: `${id}@flood.example`, organization: '', mailStatus: 'held' });
const FLOOD = [lead('AAAAAAAAAAAAAAAAAAAAAA', 'Flood One'), lead('BBBBBBBBBBBBBBBBBBBBBB', 'Flood Two')];
const VISITOR = lead('CCCCCCCCCCCCCCCCCCCCCC', 'Real Visitor');
const page = (...items: LeadSummary[]) => ({ status: 200, body: { items } satisfies Page<LeadSummary> });
const run = (fields: Partial<SpamRun>): { status: number; body: SpamRun } => ({
  status: 200,
  body: { run: 'RunRunRunRunRunRunRunR', total: 450, marked: 0, unchanged: 0, heldDropped: 0, done: false, ...fields },
});
const STEP = 'POST /api/admin/leads/spam-runs/RunRunRunRunRunRunRunR';

const routes = (replies: RoutedReplies): RoutedReplies => ({
  'GET /api/admin/auth/session': [{ status: 200, body: OWNER }],
  ...replies,
});

const openInbox = (search: string) =>
  render(
    <MemoryRouter initialEntries={[{ pathname: '/leads', search }]}>
      <ConsoleApp />
    </MemoryRouter>,
  );

/** The spam-run calls the page made, each with its body. */
const spamCalls = (fetchMock: jest.Mock) =>
  sentRequests(fetchMock).filter(({ url }) => url.startsWith('/api/admin/leads/spam-runs'));

describe('marking a flood as spam from the inbox', () => {
  it('asks with the number counted, shows how far it has come, then says what it did and shows what is left', async () => {
    // Prepare: the second step waits, so the page can be read while it is under way
    let releaseSecond: () => void = () => undefined;
    const second = new Promise<{ status: number; body: SpamRun }>(
      (resolve) => (releaseSecond = () => resolve(run({ marked: 400 }))),
    );
    const fetchMock = routedFetch(
      routes({
        'POST /api/admin/leads': [page(...FLOOD), page(VISITOR)],
        'POST /api/admin/leads/spam-runs': [run({})],
        [STEP]: [run({ marked: 200 }), second, run({ marked: 450, heldDropped: 5, done: true })],
      }),
    );
    const user = userEvent.setup();
    openInbox('?form=signup&from=2026-11-27&to=2026-11-27');
    await screen.findByRole('link', { name: 'Flood One' });

    // Act: every lead that matches, counted, then confirmed
    await user.click(screen.getByRole('button', { name: 'Every lead that matches…' }));
    const yes = await screen.findByRole('button', { name: 'Yes, mark 450 leads as spam' });
    expect(
      screen.getByText(
        'Mark all 450 leads that match these filters as spam? They leave the inbox and are kept in Spam, and any of their emails not sent yet (such as a confirmation held for you) will never be sent.',
      ),
    ).toBeVisible();
    expect(yes).toHaveFocus();
    await user.click(yes);

    // Assess: the progress in plain words while the second step is under way
    expect(
      await screen.findByText('Marked 200 of 450 as spam… Please keep this page open until it is done.'),
    ).toBeVisible();
    await act(async () => releaseSecond());
    expect(await screen.findByText('Marked 450 leads as spam. 5 held emails will never be sent.')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Real Visitor' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Flood One' })).toBeNull();
    const scope = { form: 'signup', from: '2026-11-27', to: '2026-11-27' };
    expect(spamCalls(fetchMock)).toEqual([
      { method: 'POST', url: '/api/admin/leads/spam-runs', body: scope },
      ...Array(3).fill({ method: 'POST', url: '/api/admin/leads/spam-runs/RunRunRunRunRunRunRunR', body: scope }),
    ]);
  });

  it('marks the leads shown by their ids, and goes on from where a refusal stopped it', async () => {
    // Prepare
    const fetchMock = routedFetch(
      routes({
        'POST /api/admin/leads': [page(...FLOOD)],
        'POST /api/admin/leads/spam-runs': [run({ total: 2 })],
        [STEP]: [
          {
            status: 409,
            body: { message: 'This marking is going on in another window of the console right now.' },
          },
          run({ total: 2, marked: 2, done: true }),
        ],
      }),
    );
    const user = userEvent.setup();
    openInbox('');
    await screen.findByRole('link', { name: 'Flood One' });

    // Act
    await user.click(screen.getByRole('button', { name: 'The 2 leads shown…' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, mark 2 leads as spam' }));

    // Assess: stopped, in the API's words, then carried on with the same run
    expect(
      await screen.findByText('This marking is going on in another window of the console right now.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue marking' }));
    expect(await screen.findByText('Marked 2 leads as spam.')).toBeVisible();
    const scope = { ids: FLOOD.map((shown) => shown.id) };
    expect(spamCalls(fetchMock).map(({ url, body }) => [url, body])).toEqual([
      ['/api/admin/leads/spam-runs', scope],
      ['/api/admin/leads/spam-runs/RunRunRunRunRunRunRunR', scope],
      ['/api/admin/leads/spam-runs/RunRunRunRunRunRunRunR', scope],
    ]);
  });

  it('is not offered in the spam view, where every lead is marked already', async () => {
    routedFetch(routes({ 'POST /api/admin/leads': [page({ ...FLOOD[0]!, spam: true })] }));
    openInbox('?view=spam');
    await screen.findByRole('link', { name: 'Flood One' });
    expect(screen.queryByRole('button', { name: 'Every lead that matches…' })).toBeNull();
  });
});
