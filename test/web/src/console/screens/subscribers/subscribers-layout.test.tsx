/**
 * The Subscribers screen opening: one call brings the counts and the list's first page, and the
 * list (its filters, its Export button) appears with the counts, never under them later, so
 * nothing the owner may be about to press moves down (decision 0066). Each call's answer is
 * released by the test when it chooses.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CAMPAIGN_TOPICS } from '#shared/constants/campaigns.ts';
import {
  SUBSCRIBER_STATES,
  type SubscriberListPage,
  type SubscriberRow,
  type SubscribersOverview,
} from '#shared/console/subscribers.ts';
import SubscribersScreen from '#web/src/console/screens/subscribers/SubscribersScreen.tsx';

const ROW: SubscriberRow = {
  audience: 'employer',
  state: 'confirmed',
  email: 'jordan.lee@example.ca',
  firstName: 'Jordan',
  lastName: 'Lee',
  topics: ['newsletter'],
  since: 1_780_000_000,
};
const zeros = <Key extends string>(keys: readonly Key[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>;
const OVERVIEW: SubscribersOverview = {
  byState: { candidate: zeros(SUBSCRIBER_STATES), employer: { ...zeros(SUBSCRIBER_STATES), confirmed: 1 } },
  byTopic: { candidate: zeros(CAMPAIGN_TOPICS), employer: { ...zeros(CAMPAIGN_TOPICS), newsletter: 1 } },
  impliedExpiring: [],
};
const FIRST_PAGE: SubscriberListPage = { items: [ROW], overview: OVERVIEW };

/** fetch, answering each call in turn only when the test says so. */
function answersOnCue() {
  const waiting: ((reply: { status: number; body: unknown }) => void)[] = [];
  const fetchMock = jest.fn(
    (_url: string) =>
      new Promise<Response>((resolve) => {
        waiting.push(({ status, body }) =>
          resolve({ ok: status >= 200 && status < 300, status, json: async () => body } as unknown as Response),
        );
      }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    asked: () => fetchMock.mock.calls.map(([url]) => url),
    answer: (status: number, body: unknown) => waiting.shift()!({ status, body }),
  };
}

const openSubscribers = () =>
  render(
    <MemoryRouter initialEntries={['/subscribers']}>
      <SubscribersScreen />
    </MemoryRouter>,
  );

describe('the Subscribers screen opening', () => {
  it('asks once, and shows the counts and the list below them together', async () => {
    // Prepare
    const api = answersOnCue();
    openSubscribers();

    // Assess: one call; until it answers, only the counting status
    expect(await screen.findByText('Counting the subscribers…')).toBeVisible();
    expect(api.asked()).toEqual(['/api/admin/subscribers']);
    expect(screen.queryByRole('heading', { name: 'The list' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export this view as CSV' })).toBeNull();

    // Act
    api.answer(200, FIRST_PAGE);

    // Assess: the counts, then the list with its row, its filters and its export
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeVisible();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Counts', 'Implied consents ending in the next 30 days', 'The list']);
    expect(screen.getByRole('link', { name: ROW.email })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export this view as CSV' })).toBeEnabled();
    expect(screen.getByText('That is everyone in this view (1).')).toBeVisible();
    expect(screen.queryByText('Counting the subscribers…')).toBeNull();
    expect(api.asked()).toHaveLength(1);
  });

  it('says why when the first answer fails, and a retry brings the counts and the list', async () => {
    // Prepare
    const api = answersOnCue();
    openSubscribers();
    await screen.findByText('Counting the subscribers…');

    // Act
    api.answer(503, { message: 'The console is busy. Please try again.' });

    // Assess
    expect(await screen.findByText('The console is busy. Please try again.')).toBeVisible();
    expect(screen.queryByText('Counting the subscribers…')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Counts' })).toBeNull();

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.asked()).toHaveLength(2));
    api.answer(200, FIRST_PAGE);

    // Assess
    expect(await screen.findByRole('heading', { name: 'Counts' })).toBeVisible();
    expect(screen.getByRole('link', { name: ROW.email })).toBeVisible();
    expect(screen.queryByText('The console is busy. Please try again.')).toBeNull();
  });
});
