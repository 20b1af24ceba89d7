/**
 * The Subscribers screen opening: the counts and the list's first page are asked for at once,
 * and the list (its filters, its Export button) appears only once the counts above it are in
 * place, so nothing the owner may be about to press moves down when they arrive (decision 0066).
 * Each call's answer is released by the test, in the order it chooses.
 */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CAMPAIGN_TOPICS } from '#shared/constants/campaigns.ts';
import { SUBSCRIBER_STATES, type SubscriberRow, type SubscribersOverview } from '#shared/console-people.ts';
import type { Page } from '#shared/console-api.ts';
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
const LIST: Page<SubscriberRow> = { items: [ROW] };

/** fetch, answering each path only when the test says so. */
function answersOnCue() {
  const waiting = new Map<string, (reply: { status: number; body: unknown }) => void>();
  globalThis.fetch = jest.fn(
    (url: string) =>
      new Promise<Response>((resolve) => {
        waiting.set(new URL(url, 'http://console.test').pathname, ({ status, body }) =>
          resolve({ ok: status >= 200 && status < 300, status, json: async () => body } as unknown as Response),
        );
      }),
  ) as unknown as typeof fetch;
  return {
    asked: () => [...waiting.keys()].sort(),
    answer: (path: string, status: number, body: unknown) => waiting.get(path)!({ status, body }),
  };
}

const openSubscribers = () =>
  render(
    <MemoryRouter initialEntries={['/subscribers']}>
      <SubscribersScreen />
    </MemoryRouter>,
  );

describe('the Subscribers screen opening', () => {
  it('asks for the counts and the list at once, and shows the list only below the counts once they are in', async () => {
    // Prepare
    const api = answersOnCue();
    openSubscribers();
    await screen.findByText('Counting the subscribers…');

    // Act: the list answers first
    api.answer('/api/admin/subscribers', 200, LIST);

    // Assess: both were asked from the start; the list waits for the counts
    expect(api.asked()).toEqual(['/api/admin/subscribers', '/api/admin/subscribers-overview']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'The list' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export this view as CSV' })).toBeNull();
    expect(screen.getByText('Counting the subscribers…')).toBeVisible();

    // Act
    api.answer('/api/admin/subscribers-overview', 200, OVERVIEW);

    // Assess: the counts, then the list with its row, its filters and its export
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeVisible();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Counts', 'Implied consents ending in the next 30 days', 'The list']);
    expect(screen.getByRole('link', { name: ROW.email })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export this view as CSV' })).toBeEnabled();
    expect(screen.getByText('That is everyone in this view (1).')).toBeVisible();
    expect(screen.queryByText('Counting the subscribers…')).toBeNull();
  });

  it('shows the list when the counts cannot be loaded, under the reason in plain words', async () => {
    // Prepare
    const api = answersOnCue();
    openSubscribers();
    await screen.findByText('Counting the subscribers…');
    api.answer('/api/admin/subscribers', 200, LIST);

    // Act
    api.answer('/api/admin/subscribers-overview', 503, { message: 'The console is busy. Please try again.' });

    // Assess
    expect(
      await screen.findByText('The counts could not be loaded. The console is busy. Please try again.'),
    ).toBeVisible();
    expect(await screen.findByRole('link', { name: ROW.email })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'The list' })).toBeVisible();
  });
});
