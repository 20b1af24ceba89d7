/**
 * Publishing a post from the console (issue 31): at a date and time on the firm's clock, asked
 * first with the time in words and sent as an instant; a scheduled post says when and can be
 * cancelled; "Publish now" follows the site until the page is served; unpublishing until it is
 * gone; while typing is unsaved nothing is published. Every answer in the API's words.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { SITE_LOOK_EVERY_MS } from '#web/src/console/screens/posts/use-site-follows.ts';
import { sentRequests } from '#test/web/support/mock-fetch.ts';
import { routedFetch } from '#test/web/src/console/support/routed-fetch.ts';
import { ID, PATH, pageRoutes, post } from './post-fixture';

const open = () =>
  render(
    <MemoryRouter initialEntries={[`/posts/${ID}`]}>
      <ConsoleApp />
    </MemoryRouter>,
  );
const typist = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
const posts = (fetchMock: jest.Mock, path: string) => sentRequests(fetchMock).filter(({ url }) => url === path);

// 2027-07-06 09:00 in Alberta is 15:00 UTC (daylight time, UTC-6, whatever the zone data's age).
const AT = Date.UTC(2027, 6, 6, 15) / 1000;
const SCHEDULED_MESSAGE =
  'The post will be published on July 6, 2027 at 9:00 a.m. (Alberta time), at /spring-hiring-news. You can cancel it until then.';

beforeEach(() => {
  sessionStorage.clear();
  jest.useFakeTimers({ now: Date.UTC(2027, 6, 1, 12) });
});
afterEach(() => jest.useRealTimers());

describe('publishing a post', () => {
  it('schedules it at a date and time in Alberta time, asked with the time in words, sent as an instant; then cancels it', async () => {
    // Prepare
    const scheduled = post({ state: 'scheduled', scheduledAt: AT, scheduledRevision: 3 });
    const fetchMock = routedFetch({
      ...pageRoutes(post()),
      [`POST ${PATH}/publish`]: [{ status: 202, body: { message: SCHEDULED_MESSAGE, post: scheduled } }],
      [`POST ${PATH}/cancel-schedule`]: [
        { status: 200, body: { message: 'The scheduled publish is cancelled; nothing was published.', post: post() } },
      ],
    });
    const user = typist();
    open();
    expect(await screen.findByText('Not on the site yet.')).toBeVisible();

    // Act
    await user.click(screen.getByRole('radio', { name: 'At a date and time (Alberta time)' }));
    await user.type(screen.getByLabelText('Date (Alberta time)'), '2027-07-06');
    await user.clear(screen.getByLabelText('Time (Alberta time)'));
    await user.type(screen.getByLabelText('Time (Alberta time)'), '09:00');
    await user.click(screen.getByRole('button', { name: 'Schedule the publish' }));

    // Assess: asked in words
    expect(
      screen.getByText('Publish "Spring hiring news" at /spring-hiring-news on Tue 6 Jul, 9:00 am Alberta time?'),
    ).toBeVisible();

    // Act
    await user.click(screen.getByRole('button', { name: 'Yes, schedule it' }));

    // Assess: the saved version at that instant; the API's words; where it stands
    expect(await screen.findByText(SCHEDULED_MESSAGE)).toBeVisible();
    expect(posts(fetchMock, `${PATH}/publish`)).toEqual([
      { url: `${PATH}/publish`, method: 'POST', body: { version: 3, at: '2027-07-06T15:00:00.000Z' } },
    ]);
    expect(
      screen.getByText(
        'Scheduled for Tue 6 Jul, 9:00 am Alberta time: revision 3 will be published at /spring-hiring-news.',
      ),
    ).toBeVisible();

    // Act
    await user.click(screen.getByRole('button', { name: 'Cancel the schedule' }));

    // Assess
    expect(await screen.findByText('The scheduled publish is cancelled; nothing was published.')).toBeVisible();
    expect(screen.getByText('Not on the site yet.')).toBeVisible();
    expect(posts(fetchMock, `${PATH}/cancel-schedule`)).toHaveLength(1);
  });

  it('refuses a time already past on the screen, and publishes nothing while typing is unsaved', async () => {
    // Prepare
    routedFetch(pageRoutes(post()));
    const user = typist();
    open();
    await user.click(await screen.findByRole('radio', { name: 'At a date and time (Alberta time)' }));

    // Act
    await user.type(screen.getByLabelText('Date (Alberta time)'), '2027-07-01');
    await user.clear(screen.getByLabelText('Time (Alberta time)'));
    await user.type(screen.getByLabelText('Time (Alberta time)'), '05:00');

    // Assess
    expect(screen.getByText('Choose a time later than now.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Schedule the publish' })).toBeNull();

    // Act
    await user.type(screen.getByLabelText('Body'), ' More.');

    // Assess
    expect(
      screen.getByText('Publishing waits until your changes are saved: what goes on the site is the saved post.'),
    ).toBeVisible();
  });

  it('publishes now and follows the site until the page is served; unpublishes and follows it until it is gone', async () => {
    // Prepare: the page answers 404, 404, then 200; after the take-down 200, then 404
    const published = post({ state: 'published', publishedRevision: 3, publishedSlug: 'spring-hiring-news' });
    const down = post({ state: 'unpublished' });
    const fetchMock = routedFetch({
      ...pageRoutes(post()),
      [`POST ${PATH}/publish`]: [
        {
          status: 202,
          body: {
            message: 'Publishing: the post will be at /spring-hiring-news within a few seconds.',
            post: published,
          },
        },
      ],
      [`POST ${PATH}/unpublish`]: [
        {
          status: 202,
          body: {
            message: 'Taking the post down: /spring-hiring-news will answer "page not found" within a few seconds.',
            post: down,
          },
        },
      ],
      'HEAD /spring-hiring-news': [{ status: 404 }, { status: 404 }, { status: 200 }, { status: 200 }, { status: 404 }],
    });
    const heads = () => sentRequests(fetchMock).filter(({ method }) => method === 'HEAD');
    const user = typist();
    open();

    // Act
    await user.click(await screen.findByRole('button', { name: 'Publish now' }));
    expect(screen.getByText('Publish "Spring hiring news" at /spring-hiring-news now?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Yes, publish it now' }));

    // Assess: said, then followed
    expect(
      await screen.findByText('Publishing: the post will be at /spring-hiring-news within a few seconds.'),
    ).toBeVisible();
    expect(screen.getByText('Publishing: waiting for the site to show /spring-hiring-news…')).toBeVisible();
    await waitFor(() => expect(heads()).toHaveLength(1));
    await act(() => jest.advanceTimersByTimeAsync(SITE_LOOK_EVERY_MS * 2));
    expect(screen.getByText('Done: /spring-hiring-news is on the site.')).toBeVisible();
    expect(screen.getByText('On the site at /spring-hiring-news, as saved.')).toBeVisible();

    // Act
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(
      screen.getByText(
        'Take "Spring hiring news" off the site? /spring-hiring-news will answer "page not found" and the blog\'s lists will no longer name it.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Yes, take it down' }));
    expect(await screen.findByText('Taking it down: waiting for /spring-hiring-news to go…')).toBeVisible();
    await waitFor(() => expect(heads()).toHaveLength(4));
    await act(() => jest.advanceTimersByTimeAsync(SITE_LOOK_EVERY_MS * 2));

    // Assess
    expect(
      screen.getByText('Done: /spring-hiring-news answers "page not found" and the blog no longer lists it.'),
    ).toBeVisible();
    expect(screen.getByText('Taken down: /spring-hiring-news answers "page not found".')).toBeVisible();
    expect(heads()).toHaveLength(5);
  });
});
