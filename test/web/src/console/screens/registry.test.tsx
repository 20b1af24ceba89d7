/**
 * The opening screen's data, asked for before the console renders and alongside the session
 * check (the early reads of web/src/console/screens/registry.ts, client/early-answers.ts), only when this browser was signed in last time
 * (session/signed-in-hint.ts). The screen shows that one answer; a stranger's browser makes no call that
 * answers 401; a visitor without a session is not told a session ended and, once signed in,
 * sees fresh data.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { AuditEntry } from '#shared/console/audit.ts';
import type { ConsoleSession } from '#shared/console/sign-in.ts';
import type { Page } from '#shared/console/common.ts';
import type { LeadSummary } from '#shared/console/leads.ts';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { CONSOLE_SCREENS, startOpening } from '#web/src/console/screens/registry.ts';
import { SESSION_ENDED_NOTICE } from '#web/src/console/session/session.tsx';
import { HINT_KEY } from '#web/src/console/session/signed-in-hint.ts';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { signInWithPasskey } from '#web/src/console/sign-in/passkey-ceremonies.ts';
import { mockFetch, sentRequests } from '#test/web/support/mock-fetch.ts';
import { leadSummary } from '#test/web/src/console/support/leads.ts';
import { NOW_MS, reportUrl, WEEK, WEEK_REPORT } from './site/site-report';

jest.mock('#web/src/console/sign-in/passkey-ceremonies.ts', () => ({ signInWithPasskey: jest.fn() }));

const OWNER: ConsoleSession = { owner: 'owner@console.test', expiresAt: 2_000_000_000, idleExpiresAt: 2_000_000_000 };
const SIGNED_IN = { status: 200, body: OWNER };
const NOBODY = { status: 200, body: { signedIn: false } };
const SIGN_IN_NEEDED = { status: 401, body: { message: 'Please sign in to the console.' } };
const logOf = (summary: string) => ({
  status: 200,
  body: { items: [{ id: summary, at: 1_715_860_800, actor: OWNER.owner, action: 'sign-in', summary }] as AuditEntry[] },
});

const renderConsoleAt = (entry: string | { pathname: string; search: string; state: unknown }) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <ConsoleApp />
    </MemoryRouter>,
  );

/** The console opened at /admin/audit, as main.tsx opens it. */
const openAuditScreen = () => {
  startOpening({ pathname: '/admin/audit', search: '' }, null);
  renderConsoleAt('/audit');
};

const calls = (fetchMock: jest.Mock) => sentRequests(fetchMock).map(({ method, url }) => `${method} ${url}`);

describe('the opening screen’s data, asked for with the session check', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('sends the session check and the screen’s first call together, and shows that answer without asking again', async () => {
    // Prepare: an owner signed in on this browser before
    window.localStorage.setItem(HINT_KEY, '1');
    const fetchMock = mockFetch(logOf('Signed in from the early answer'), SIGNED_IN);

    // Act
    openAuditScreen();

    // Assess
    expect(await screen.findByText('Signed in from the early answer')).toBeVisible();
    expect(calls(fetchMock)).toEqual(['GET /api/admin/audit', 'GET /api/admin/auth/session']);
  });

  it('asks a stranger’s browser only whether anyone is signed in: no refused call, no "session ended"', async () => {
    // Prepare: no hint on this browser
    const fetchMock = mockFetch(NOBODY, logOf('Asked after the sign-in'));
    jest.mocked(signInWithPasskey).mockResolvedValue(OWNER);
    const user = userEvent.setup();
    openAuditScreen();
    await screen.findByRole('heading', { name: 'Sign in to the console' });
    const callsBeforeSignIn = calls(fetchMock);
    const noticeBeforeSignIn = screen.queryByText(SESSION_ENDED_NOTICE);

    // Act
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    // Assess
    expect(callsBeforeSignIn).toEqual(['GET /api/admin/auth/session']);
    expect(noticeBeforeSignIn).toBeNull();
    expect(await screen.findByText('Asked after the sign-in')).toBeVisible();
    expect(window.localStorage.getItem(HINT_KEY)).toBe('1');
  });

  it('drops the data of a hint gone stale (the session ended), says nothing of it, and forgets the hint', async () => {
    // Prepare: the hint says signed in, the API says nobody is
    window.localStorage.setItem(HINT_KEY, '1');
    const fetchMock = mockFetch(SIGN_IN_NEEDED, NOBODY, logOf('Asked again after the sign-in'));
    jest.mocked(signInWithPasskey).mockResolvedValue(OWNER);
    const user = userEvent.setup();
    openAuditScreen();
    await screen.findByRole('heading', { name: 'Sign in to the console' });
    const noticeBeforeSignIn = screen.queryByText(SESSION_ENDED_NOTICE);
    const hintBeforeSignIn = window.localStorage.getItem(HINT_KEY);

    // Act
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    // Assess
    expect(noticeBeforeSignIn).toBeNull();
    expect(hintBeforeSignIn).toBeNull();
    expect(await screen.findByText('Asked again after the sign-in')).toBeVisible();
    expect(screen.queryByText(SESSION_ENDED_NOTICE)).toBeNull();
    expect(calls(fetchMock)).toEqual(['GET /api/admin/audit', 'GET /api/admin/auth/session', 'GET /api/admin/audit']);
  });

  it('asks afresh when the early answer is older than the opening of the console (10 s)', async () => {
    // Prepare
    window.localStorage.setItem(HINT_KEY, '1');
    const fetchMock = mockFetch(logOf('Too old to show'), SIGNED_IN, logOf('Fresh'));
    const clock = jest.spyOn(Date, 'now').mockReturnValue(1_715_860_800_000);
    startOpening({ pathname: '/admin/audit', search: '' }, null);
    clock.mockReturnValue(1_715_860_810_000);

    // Act
    renderConsoleAt('/audit');

    // Assess
    expect(await screen.findByText('Fresh')).toBeVisible();
    expect(screen.queryByText('Too old to show')).toBeNull();
    expect(calls(fetchMock)).toEqual(['GET /api/admin/audit', 'GET /api/admin/auth/session', 'GET /api/admin/audit']);
  });

  it('asks for the leads of a search kept in the history entry once, in the call’s body, never in its URL', async () => {
    // Prepare: a reload of /admin/leads?form=signup after a search (react-router keeps it as `usr`).
    window.localStorage.setItem(HINT_KEY, '1');
    const lead = leadSummary();
    const fetchMock = mockFetch({ status: 200, body: { items: [lead] } satisfies Page<LeadSummary> }, SIGNED_IN);
    const state = { q: 'avery.stone@example.ca' };

    // Act
    startOpening({ pathname: '/admin/leads', search: '?form=signup' }, { usr: state, key: 'default', idx: 0 });
    renderConsoleAt({ pathname: '/leads', search: '?form=signup', state });

    // Assess
    expect(await screen.findByRole('link', { name: 'Avery Stone' })).toBeVisible();
    expect(sentRequests(fetchMock)).toEqual([
      { method: 'POST', url: '/api/admin/leads', body: { form: 'signup', q: 'avery.stone@example.ca' } },
      { method: 'GET', url: '/api/admin/auth/session', body: undefined },
    ]);
  });

  it('asks for the Site report of the days in the address with the session check, and of no days the rules refuse', async () => {
    // Prepare
    window.localStorage.setItem(HINT_KEY, '1');
    jest.spyOn(Date, 'now').mockReturnValue(NOW_MS);
    const fetchMock = mockFetch({ status: 200, body: WEEK_REPORT }, SIGNED_IN);

    // Act
    startOpening({ pathname: '/admin/site', search: '?days=7' }, null);
    renderConsoleAt('/site?days=7');

    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Nov 22–28, 2026' })).toBeVisible();
    expect(calls(fetchMock)).toEqual([`GET ${reportUrl(WEEK)}`, 'GET /api/admin/auth/session']);

    // Act
    startOpening({ pathname: '/admin/site', search: '?from=2026-11-10&to=2026-11-01' }, null);

    // Assess
    expect(calls(fetchMock)).toHaveLength(2);
  });

  it('asks nothing early for an address that is no screen, nor without the hint', () => {
    // Prepare
    const fetchMock = mockFetch();

    // Act
    startOpening({ pathname: '/admin/audit', search: '' }, null);
    window.localStorage.setItem(HINT_KEY, '1');
    startOpening({ pathname: '/admin/constructor', search: '' }, null);

    // Assess
    expect(calls(fetchMock)).toEqual([]);
  });
});

describe('the registry of screens', () => {
  it('has one entry per screen folder (web/src/console/screens/<name>/), each routed and linked by its name', () => {
    // Prepare
    const screensDir = path.join(REPO_ROOT, 'web', 'src', 'console', 'screens');
    const folders = readdirSync(screensDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());

    // Act
    const paths = CONSOLE_SCREENS.map((entry) => entry.path);

    // Assess
    expect([...paths].sort()).toEqual(folders.map((folder) => folder.name).sort());
    expect(new Set(CONSOLE_SCREENS.map((entry) => entry.label)).size).toBe(paths.length);
  });
});
