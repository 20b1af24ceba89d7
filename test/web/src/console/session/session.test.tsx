/**
 * The console's frame when the API says the session has ended (401) under an open screen: the
 * sign-in screen shows, the screen stays with what was typed, and after the sign-in the owner is
 * back on it. The passkey ceremony itself runs for real in test/e2e/console.e2e.ts; here it is
 * replaced, so the frame's behaviour is what is tested.
 */
import { route } from '#shared/route-key.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { ConsoleSession } from '#shared/console/sign-in.ts';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { consoleRequest } from '#web/src/console/client/console-client.ts';
import { keptTypingKey } from '#web/src/console/kit/kept-typing.ts';
import { SESSION_ENDED_NOTICE } from '#web/src/console/session/session.tsx';
import { signInWithPasskey } from '#web/src/console/sign-in/passkey-ceremonies.ts';
import { mockFetch, sentRequests } from '#test/web/support/mock-fetch.ts';

const OWNER: ConsoleSession = { owner: 'owner@console.test', expiresAt: 2_000_000_000, idleExpiresAt: 2_000_000_000 };

/** A screen with a form, as the Leads screen will have: it saves through the console's API. */
function NotesScreen() {
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  return (
    <>
      <h1>Notes</h1>
      <label>
        Note
        <input value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      <button
        type="button"
        onClick={() =>
          consoleRequest(route('POST', '/api/admin/notes'), { body: { note } }).catch((failure: Error) =>
            setError(failure.message),
          )
        }
      >
        Save
      </button>
      {error && <p>{error}</p>}
    </>
  );
}

jest.mock('#web/src/console/screens/registry.ts', () => ({
  CONSOLE_SCREENS: [{ path: 'notes', label: 'Notes', Screen: NotesScreen }],
}));
jest.mock('#web/src/console/sign-in/passkey-ceremonies.ts', () => ({ signInWithPasskey: jest.fn() }));

const renderConsole = (path = '/notes') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ConsoleApp />
    </MemoryRouter>,
  );

const SIGN_OUT_QUESTION =
  'What you typed and did not save (a note, a campaign, a post) is deleted from this browser when you sign out. Sign out anyway?';

beforeEach(() => sessionStorage.clear());

describe('the console when a call finds the session ended', () => {
  it('shows the sign-in, keeps the screen and what was typed, and returns to it after the sign-in', async () => {
    // Prepare
    const fetchMock = mockFetch(
      { status: 200, body: OWNER },
      { status: 401, body: { message: 'Please sign in to the console.' } },
    );
    jest.mocked(signInWithPasskey).mockResolvedValue(OWNER);
    const kept = keptTypingKey('note', OWNER.owner, 'lead-1');
    sessionStorage.setItem(kept, 'Typed on another lead');
    const user = userEvent.setup();
    renderConsole();
    await user.type(await screen.findByLabelText('Note'), 'Call back on Tuesday');

    // Act
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Assess: the sign-in screen, with why; the screen hidden but kept
    expect(await screen.findByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
    expect(screen.getByText(SESSION_ENDED_NOTICE)).toBeVisible();
    expect(sessionStorage.getItem(kept)).toBe('Typed on another lead');
    expect(screen.getByRole('heading', { name: 'Sign in to the console' })).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Notes' })).toBeNull();
    expect(sentRequests(fetchMock).map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/admin/auth/session',
      'POST /api/admin/notes',
    ]);

    // Act
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    // Assess: back on the same screen, the note as it was typed
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeVisible();
    expect(screen.getByLabelText('Note')).toHaveValue('Call back on Tuesday');
    expect(screen.getByText('Please sign in to the console.')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Sign in to the console' })).toBeNull();
  });

  it('opens the screen afresh when another owner signs in on this device', async () => {
    // Prepare
    mockFetch({ status: 200, body: OWNER }, { status: 401, body: { message: 'Please sign in to the console.' } });
    jest.mocked(signInWithPasskey).mockResolvedValue({ ...OWNER, owner: 'partner@console.test' });
    const user = userEvent.setup();
    renderConsole();
    await user.type(await screen.findByLabelText('Note'), 'Private to the first owner');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Act
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    // Assess
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeVisible();
    expect(screen.getByLabelText('Note')).toHaveValue('');
    expect(screen.getByText('partner@console.test')).toBeVisible();
  });

  it('closes every screen on a deliberate sign-out and says so', async () => {
    // Prepare
    const fetchMock = mockFetch(
      { status: 200, body: OWNER },
      { status: 200, body: { message: 'You are signed out.' } },
    );
    const user = userEvent.setup();
    renderConsole();
    await user.type(await screen.findByLabelText('Note'), 'Draft');

    // Act
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    // Assess
    expect(await screen.findByText('You are signed out.')).toBeVisible();
    expect(screen.queryByLabelText('Note')).toBeNull();
    expect(screen.queryByText(OWNER.owner)).toBeNull();
    expect(sentRequests(fetchMock).at(-1)).toEqual({
      url: '/api/admin/auth/sign-out',
      method: 'POST',
      body: undefined,
    });
  });

  it('asks before a sign-out deletes unsaved typing, then deletes only this owner’s; without any, signs out at once', async () => {
    // Prepare
    const ownNote = keptTypingKey('note', OWNER.owner, 'lead-1');
    const ownCampaign = keptTypingKey('campaign', OWNER.owner, 'new');
    const partners = keptTypingKey('note', 'partner@console.test', 'lead-1');
    for (const key of [ownNote, ownCampaign, partners]) sessionStorage.setItem(key, 'typed');
    const fetchMock = mockFetch(
      { status: 200, body: OWNER },
      { status: 200, body: { message: 'You are signed out everywhere.' } },
    );
    const user = userEvent.setup();
    renderConsole();
    await screen.findByLabelText('Note');

    // Act: asked, and cancelled
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const question = screen.getByRole('group', { name: SIGN_OUT_QUESTION });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));

    // Assess: nothing sent, nothing deleted
    expect(sentRequests(fetchMock)).toHaveLength(1);
    expect(sessionStorage.getItem(ownNote)).toBe('typed');

    // Act: asked again, and confirmed
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(screen.getByRole('button', { name: 'Yes, sign out everywhere' }));

    // Assess
    expect(await screen.findByText('You are signed out everywhere.')).toBeVisible();
    expect([ownNote, ownCampaign, partners].map((key) => sessionStorage.getItem(key))).toEqual([null, null, 'typed']);
    expect(sentRequests(fetchMock).at(-1)?.url).toBe('/api/admin/auth/sign-out-everywhere');
  });

  it('shows the sign-in screen, not the screen, to a visitor without a session', async () => {
    // Prepare
    mockFetch({ status: 401, body: { message: 'Please sign in to the console.' } });

    // Act
    renderConsole('/notes');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
    expect(screen.queryByText(SESSION_ENDED_NOTICE)).toBeNull();
    expect(screen.queryByLabelText('Note')).toBeNull();
  });
});
