/**
 * The opening screen's data, asked for alongside the session check (screens.ts preloadScreenAt,
 * early-answers.ts) so a phone waits one round trip less: the screen shows that one answer; a
 * visitor without a session is not told a session ended and, once signed in, sees fresh data.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { AuditEntry, ConsoleSession, Page } from '#shared/console-api.ts';
import type { LeadSummary } from '#shared/console-leads.ts';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { preloadScreenAt } from '#web/src/console/screens.ts';
import { SESSION_ENDED_NOTICE } from '#web/src/console/session.tsx';
import { signInWithPasskey } from '#web/src/console/sign-in/passkey-ceremonies.ts';
import { mockFetch, sentRequests } from '../features/support/mock-fetch';

jest.mock('#web/src/console/sign-in/passkey-ceremonies.ts', () => ({ signInWithPasskey: jest.fn() }));

const OWNER: ConsoleSession = { owner: 'owner@console.test', expiresAt: 2_000_000_000, idleExpiresAt: 2_000_000_000 };
const SIGN_IN_NEEDED = { status: 401, body: { message: 'Please sign in to the console.' } };
const logOf = (summary: string) => ({
  status: 200,
  body: { items: [{ id: summary, at: 1_715_860_800, actor: OWNER.owner, action: 'sign-in', summary }] as AuditEntry[] },
});

/** The console opened at /admin/audit, as main.tsx opens it. */
const openAuditScreen = () => {
  preloadScreenAt({ pathname: '/admin/audit', search: '' }, null);
  render(
    <MemoryRouter initialEntries={['/audit']}>
      <ConsoleApp />
    </MemoryRouter>,
  );
};

const calls = (fetchMock: jest.Mock) => sentRequests(fetchMock).map(({ method, url }) => `${method} ${url}`);

describe('the opening screen’s data, asked for with the session check', () => {
  afterEach(() => jest.restoreAllMocks());

  it('sends the screen’s first call before the session is known, and shows that answer without asking again', async () => {
    // Prepare
    const fetchMock = mockFetch(logOf('Signed in from the early answer'), { status: 200, body: OWNER });

    // Act
    openAuditScreen();

    // Assess
    expect(await screen.findByText('Signed in from the early answer')).toBeVisible();
    expect(calls(fetchMock)).toEqual(['GET /api/admin/audit', 'GET /api/admin/auth/session']);
  });

  it('shows a visitor without a session the sign-in without "session ended", then fresh data after it', async () => {
    // Prepare
    const fetchMock = mockFetch(SIGN_IN_NEEDED, SIGN_IN_NEEDED, logOf('Asked again after the sign-in'));
    jest.mocked(signInWithPasskey).mockResolvedValue(OWNER);
    const user = userEvent.setup();
    openAuditScreen();
    await screen.findByRole('heading', { name: 'Sign in to the console' });
    const noticeBeforeSignIn = screen.queryByText(SESSION_ENDED_NOTICE);

    // Act
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    // Assess
    expect(noticeBeforeSignIn).toBeNull();
    expect(await screen.findByText('Asked again after the sign-in')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Sign in to the console' })).toBeNull();
    expect(screen.queryByText(SESSION_ENDED_NOTICE)).toBeNull();
    expect(calls(fetchMock)).toEqual(['GET /api/admin/audit', 'GET /api/admin/auth/session', 'GET /api/admin/audit']);
  });

  it('asks afresh when the early answer is older than the opening of the console (10 s)', async () => {
    // Prepare
    const fetchMock = mockFetch(logOf('Too old to show'), { status: 200, body: OWNER }, logOf('Fresh'));
    const clock = jest.spyOn(Date, 'now').mockReturnValue(1_715_860_800_000);
    preloadScreenAt({ pathname: '/admin/audit', search: '' }, null);
    clock.mockReturnValue(1_715_860_810_000);

    // Act
    render(
      <MemoryRouter initialEntries={['/audit']}>
        <ConsoleApp />
      </MemoryRouter>,
    );

    // Assess
    expect(await screen.findByText('Fresh')).toBeVisible();
    expect(screen.queryByText('Too old to show')).toBeNull();
    expect(calls(fetchMock)).toEqual(['GET /api/admin/audit', 'GET /api/admin/auth/session', 'GET /api/admin/audit']);
  });

  it('asks for the leads of a search kept in the history entry once, in the call’s body, never in its URL', async () => {
    // Prepare: a reload of /admin/leads?form=signup after a search (react-router keeps it as `usr`).
    const lead: LeadSummary = {
      id: 'AbCdEfGhIjKlMnOpQrStUv',
      receivedAt: 1_780_000_000,
      form: 'signup',
      audience: 'employer',
      name: 'Avery Stone',
      email: 'avery.stone@example.ca',
      organization: 'ACME Builders',
      status: 'new',
      spam: false,
      mailStatus: 'sent',
    };
    const fetchMock = mockFetch(
      { status: 200, body: { items: [lead] } satisfies Page<LeadSummary> },
      { status: 200, body: OWNER },
    );
    const state = { q: 'avery.stone@example.ca' };

    // Act
    preloadScreenAt({ pathname: '/admin/leads', search: '?form=signup' }, { usr: state, key: 'default', idx: 0 });
    render(
      <MemoryRouter initialEntries={[{ pathname: '/leads', search: '?form=signup', state }]}>
        <ConsoleApp />
      </MemoryRouter>,
    );

    // Assess
    expect(await screen.findByRole('link', { name: 'Avery Stone' })).toBeVisible();
    expect(sentRequests(fetchMock)).toEqual([
      { method: 'POST', url: '/api/admin/leads', body: { form: 'signup', q: 'avery.stone@example.ca' } },
      { method: 'GET', url: '/api/admin/auth/session', body: undefined },
    ]);
  });
});
