/**
 * Writing a post in the console (issue 31): what is typed saves itself once the owner pauses, with
 * the version it was typed on, and is kept in the tab until then (a reload gives it back); typing
 * during a save saves again after it; a save that loses to another owner's (409) says so, saves no
 * more, keeps what was typed and loads theirs only when asked; the address follows the title and
 * is checked live, and a taken one is said under the field and never sent. The API is replaced by
 * answers per route; the screen, the frame and the session are the real ones.
 */
import { routeKeyOf } from '#shared/route-key.ts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { POST_ROUTES, type PostDraft } from '#shared/console/posts.ts';
import { firmDay } from '#shared/firm-day.ts';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { KEPT_NOTICE } from '#web/src/console/kit/kept-typing.ts';
import { AUTOSAVE_PAUSE_MS } from '#web/src/console/screens/posts/use-autosave.ts';
import { SLUG_CHECK_PAUSE_MS } from '#web/src/console/screens/posts/use-slug-check.ts';
import { sentRequests } from '#test/web/support/mock-fetch.ts';
import { routedFetch, type RoutedReplies } from '#test/web/src/console/support/routed-fetch.ts';
import { ID, OWNER, PATH, pageRoutes, post, savedFields } from './post-fixture';

const CHANGED_MEANWHILE =
  'Someone changed this post since you opened it, so your change was not saved. Copy what you wrote, reload, and apply it again.';
const SAVED_STATUS = `Every change is saved. Last saved May 28, 2026, 2:26 p.m. by ${OWNER.owner}.`;
const WAITING_STATUS = 'Unsaved changes: they are saved when you pause typing, and kept on this device until then.';

const open = (path = `/posts/${ID}`) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ConsoleApp />
    </MemoryRouter>,
  );

/** Lets the owner's pause pass, and every answer it brings settle. */
const pause = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const typist = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
const saves = (fetchMock: jest.Mock) => sentRequests(fetchMock).filter(({ method }) => method === 'PUT');
const saveAnswer = (saved: PostDraft) => ({ status: 200, body: { message: `"${saved.title}" saved.`, post: saved } });

beforeEach(() => {
  sessionStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('a post being written', () => {
  it('saves itself once the owner pauses, with the version typed on, and keeps it in the tab until then', async () => {
    // Prepare
    const typed = 'Hello from the firm.\n\nSpring is busy. Summer is busier.';
    const fetchMock = routedFetch({
      ...pageRoutes(post()),
      [`PUT ${PATH}`]: [saveAnswer(post({ markdown: typed, version: 4, updatedAt: 1_780_000_060 }))],
    });
    const user = typist();
    const first = open();
    await user.type(await screen.findByLabelText('Body'), ' Summer is busier.');

    // Assess: not saved before the pause, but kept
    expect(screen.getByText(WAITING_STATUS)).toBeVisible();
    expect(saves(fetchMock)).toEqual([]);

    // Act: the page is reloaded before the pause is over
    first.unmount();
    open();

    // Assess: as typed
    expect(await screen.findByLabelText('Body')).toHaveValue(typed);

    // Act
    await pause(AUTOSAVE_PAUSE_MS);

    // Assess: one save, of the whole post as typed, on version 3; the kept copy gone
    expect(saves(fetchMock)).toEqual([
      { url: PATH, method: 'PUT', body: { ...savedFields(post()), markdown: typed, version: 3 } },
    ]);
    expect(
      await screen.findByText(`Every change is saved. Last saved May 28, 2026, 2:27 p.m. by ${OWNER.owner}.`),
    ).toBeVisible();
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect(screen.getByLabelText('Body')).toHaveValue(typed);
  });

  it('saves typing that came during a save right after it, on the version that save made', async () => {
    // Prepare: the first save answers only when the test says
    let answerFirst: () => void = () => undefined;
    const replies: RoutedReplies = pageRoutes(post());
    const fetchMock = routedFetch(replies);
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method !== 'PUT') return inner(url, init);
      const body = JSON.parse(init.body as string) as { markdown: string; version: number };
      if (body.version === 3) await new Promise<void>((resolve) => (answerFirst = resolve));
      const saved = post({ markdown: body.markdown, version: body.version + 1 });
      return {
        ok: true,
        status: 200,
        json: async () => ({ message: `"${saved.title}" saved.`, post: saved }),
      } as unknown as Response;
    });
    const user = typist();
    open();
    await user.type(await screen.findByLabelText('Body'), ' One.');
    await pause(AUTOSAVE_PAUSE_MS);
    expect(screen.getByText('Saving…')).toBeVisible();

    // Act: more typing while the first save is out, then its answer
    await user.type(screen.getByLabelText('Body'), ' Two.');
    await act(async () => answerFirst());
    await pause(AUTOSAVE_PAUSE_MS);

    // Assess: two saves, the second on version 4 with everything typed
    expect(saves(fetchMock).map(({ body }) => body)).toEqual([
      { ...savedFields(post()), markdown: 'Hello from the firm.\n\nSpring is busy. One.', version: 3 },
      { ...savedFields(post()), markdown: 'Hello from the firm.\n\nSpring is busy. One. Two.', version: 4 },
    ]);
    expect(await screen.findByText(SAVED_STATUS)).toBeVisible();
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it('saves once when the API answers the fields in another order (an image’s keys as DynamoDB returns them)', async () => {
    // Prepare: a post with a banner; the save's answer holds the same post, its keys in another order
    const banner = {
      src: '/media/posts/0123456789abcdef0123456789abcdef.png',
      width: 1200,
      height: 675,
      alt: 'A handshake',
    };
    const stored = post({ banner });
    const typed = `${stored.markdown} More.`;
    const { alt, height, src, width } = banner;
    const answered = { ...post({ markdown: typed, version: 4 }), banner: { alt, height, src, width } };
    const fetchMock = routedFetch({ ...pageRoutes(stored), [`PUT ${PATH}`]: [saveAnswer(answered)] });
    const user = typist();
    open();

    // Act
    await user.type(await screen.findByLabelText('Body'), ' More.');
    await pause(AUTOSAVE_PAUSE_MS);
    await pause(AUTOSAVE_PAUSE_MS * 3);

    // Assess: one save, and nothing left unsaved
    expect(saves(fetchMock)).toHaveLength(1);
    expect(screen.getByText(SAVED_STATUS)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save now' })).toBeDisabled();
  });

  it('after losing to another owner’s save (409) says so, saves no more, keeps the typing, and loads theirs when asked', async () => {
    // Prepare: someone saved version 4 meanwhile
    const theirs = post({ markdown: 'Their words.', version: 4 });
    const fetchMock = routedFetch({
      ...pageRoutes(post(), theirs, theirs),
      [`PUT ${PATH}`]: [{ status: 409, body: { message: CHANGED_MEANWHILE } }],
    });
    const user = typist();
    open();
    await user.type(await screen.findByLabelText('Body'), ' Mine.');

    // Act
    await pause(AUTOSAVE_PAUSE_MS);

    // Assess
    expect(await screen.findByText(`${CHANGED_MEANWHILE} ${KEPT_NOTICE}`)).toBeVisible();
    expect(screen.getByLabelText('Body')).toHaveValue('Hello from the firm.\n\nSpring is busy. Mine.');

    // Act: typing on does not save over theirs
    await user.type(screen.getByLabelText('Body'), ' More.');
    await pause(AUTOSAVE_PAUSE_MS * 3);

    // Assess
    expect(saves(fetchMock)).toHaveLength(1);
    expect(sessionStorage.getItem(`console.post-draft.${OWNER.owner}.${ID}`)).toContain('Mine. More.');

    // Act
    await user.click(screen.getByRole('button', { name: 'Load the saved version (replaces what you typed)' }));

    // Assess
    expect(await screen.findByDisplayValue('Their words.')).toBeVisible();
    expect(screen.queryByText(`${CHANGED_MEANWHILE} ${KEPT_NOTICE}`)).toBeNull();
    expect(Object.keys(sessionStorage)).toEqual([]);
  });
});

describe('a new post’s address', () => {
  it('follows the title, is checked live, and a taken one is said under the field and never sent', async () => {
    // Prepare
    const taken =
      '/hiring-in-alberta-2027 is the address of the post "Hiring in Alberta, 2027": choose another address.';
    const today = firmDay(Date.now() / 1000);
    const created = post({
      title: 'Hiring in Alberta: 2027',
      slug: 'hiring-outlook-2027',
      postedDate: today,
      author: '',
      markdown: 'Hello.',
      metaDescription: '',
      version: 1,
    });
    const fetchMock = routedFetch({
      ...pageRoutes(),
      [`GET ${POST_ROUTES.slugCheck.path}?slug=hiring-in-alberta-2027`]: [
        { status: 200, body: { slug: 'hiring-in-alberta-2027', problem: taken } },
      ],
      [`GET ${POST_ROUTES.slugCheck.path}?slug=hiring-outlook-2027`]: [
        { status: 200, body: { slug: 'hiring-outlook-2027' } },
      ],
      [routeKeyOf(POST_ROUTES.create)]: [
        { status: 201, body: { message: '"Hiring in Alberta: 2027" saved as a draft.', post: created } },
      ],
    });
    const user = typist();
    open('/posts/new');

    // Act
    await user.type(await screen.findByLabelText('Title'), 'Hiring in Alberta: 2027');
    await user.type(screen.getByLabelText('Body'), 'Hello.');
    await pause(SLUG_CHECK_PAUSE_MS);
    await pause(AUTOSAVE_PAUSE_MS);

    // Assess: the suggested address, refused in the API's words, nothing created
    expect(screen.getByLabelText('Address')).toHaveValue('hiring-in-alberta-2027');
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription(expect.stringContaining(taken));
    expect(screen.getByText(`Not saved yet: ${taken} What you typed is kept on this device.`)).toBeVisible();
    const creates = () => sentRequests(fetchMock).filter(({ url }) => url === '/api/admin/posts/new');
    expect(creates()).toEqual([]);

    // Act: another address
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), 'hiring-outlook-2027');
    await pause(SLUG_CHECK_PAUSE_MS);

    // Assess: said free, then created once with it
    expect(screen.getByText('/hiring-outlook-2027 is free.')).toBeVisible();
    await pause(AUTOSAVE_PAUSE_MS);
    expect(creates()).toEqual([
      {
        url: '/api/admin/posts/new',
        method: 'POST',
        body: {
          ...savedFields(post()),
          title: 'Hiring in Alberta: 2027',
          slug: 'hiring-outlook-2027',
          author: '',
          markdown: 'Hello.',
          metaDescription: '',
          postedDate: today,
        },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hiring in Alberta: 2027' })).toBeVisible();
    expect(Object.keys(sessionStorage)).toEqual([]);
  });
});
