/**
 * The Posts screen's list (issue 31): every post, published, scheduled, drafts and taken down, in
 * the API's order (newest first), each with its state in plain words, a scheduled one's time on
 * the firm's clock, and the date it shows as the site shows it. Reached from the console's navigation.
 */
import { routeKeyOf } from '#shared/route-key.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { POST_ROUTES, type PostSummaryRow } from '#shared/console/posts.ts';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { routedFetch } from '#test/web/src/console/support/routed-fetch.ts';
import { OWNER } from './post-fixture';

const row = (overrides: Partial<PostSummaryRow>): PostSummaryRow => ({
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  title: 'A post',
  slug: 'a-post',
  state: 'draft',
  postedDate: '2026-11-28',
  updatedAt: 1_780_000_000,
  updatedBy: OWNER.owner,
  ...overrides,
});

const POSTS: PostSummaryRow[] = [
  row({
    id: 'scheduled0000000000000',
    title: 'Hiring in the new year',
    slug: 'hiring-in-the-new-year',
    state: 'scheduled',
    postedDate: '2027-07-06',
    // 2027-07-06 09:00 in Alberta (daylight time, UTC-6; a summer time, whatever the zone data's age)
    scheduledAt: Date.UTC(2027, 6, 6, 15) / 1000,
    scheduledRevision: 2,
  }),
  row({ id: 'draft00000000000000000', title: 'Notes on onboarding', slug: 'notes-on-onboarding' }),
  row({
    id: 'published0000000000000',
    title: 'Navigating the Hiring Maze',
    slug: 'navigating-the-hiring-maze',
    state: 'published',
    postedDate: '2024-07-18',
    publishedRevision: 1,
  }),
  row({
    id: 'takendown0000000000000',
    title: 'Do you want to be a tree planter?',
    slug: 'do-you-want-to-be-a-tree-planter',
    state: 'unpublished',
    postedDate: '2022-12',
  }),
];

describe('the Posts screen', () => {
  it('is in the navigation and lists every post in order with its state, its date and its last save', async () => {
    // Prepare
    routedFetch({
      'GET /api/admin/auth/session': [{ status: 200, body: OWNER }],
      [routeKeyOf(POST_ROUTES.list)]: [{ status: 200, body: { posts: POSTS } }],
      'GET /api/admin/leads?view=inbox': [{ status: 200, body: { items: [], counts: {} } }],
    });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/audit']}>
        <ConsoleApp />
      </MemoryRouter>,
    );

    // Act
    await user.click(await screen.findByRole('link', { name: 'Posts' }));

    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
    const rows = within(await screen.findByRole('table', { name: 'Posts, newest first' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((tableRow) => [...tableRow.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      [
        'Hiring in the new year/hiring-in-the-new-year',
        'Scheduledfor Tue 6 Jul, 9:00 am Alberta time',
        'July 6, 2027',
        `May 28, 2026, 2:26 p.m. by ${OWNER.owner}`,
      ],
      [
        'Notes on onboarding/notes-on-onboarding',
        'Draft',
        'November 28, 2026',
        `May 28, 2026, 2:26 p.m. by ${OWNER.owner}`,
      ],
      [
        'Navigating the Hiring Maze/navigating-the-hiring-maze',
        'Published',
        'July 18, 2024',
        `May 28, 2026, 2:26 p.m. by ${OWNER.owner}`,
      ],
      [
        'Do you want to be a tree planter?/do-you-want-to-be-a-tree-planter',
        'Taken down',
        'December 2022',
        `May 28, 2026, 2:26 p.m. by ${OWNER.owner}`,
      ],
    ]);
    expect(screen.getByRole('link', { name: 'Navigating the Hiring Maze' })).toHaveAttribute(
      'href',
      '/posts/published0000000000000',
    );
    expect(screen.getByRole('link', { name: 'New post' })).toHaveAttribute('href', '/posts/new');
  });

  it('says so when there is no post yet, and the API’s words when the list cannot be read', async () => {
    // Prepare
    routedFetch({
      'GET /api/admin/auth/session': [{ status: 200, body: OWNER }],
      [routeKeyOf(POST_ROUTES.list)]: [
        { status: 503, body: { message: 'The console is busy. Please try again in a minute.' } },
        { status: 200, body: { posts: [] } },
      ],
    });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/posts']}>
        <ConsoleApp />
      </MemoryRouter>,
    );

    // Act
    expect(await screen.findByText('The console is busy. Please try again in a minute.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    // Assess
    expect(await screen.findByText('No posts yet. Write the first one.')).toBeVisible();
  });
});
