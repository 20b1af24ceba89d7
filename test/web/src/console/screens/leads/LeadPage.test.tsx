/**
 * A lead's page in the console: the note being written is never lost (a reload, a sign-in after
 * the session ended), and a change that loses to another owner's (409) says so plainly, shows the
 * lead as it now is and keeps what was typed. The API is replaced by queued answers; the page,
 * the frame and the session are the real ones.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { ConsoleSession } from '#shared/console/sign-in.ts';
import type { LeadDetail } from '#shared/console/leads.ts';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { RELOADED_NOTICE } from '#web/src/console/screens/leads/use-lead-change.ts';
import { SESSION_ENDED_NOTICE } from '#web/src/console/session/session.tsx';
import { signInWithPasskey } from '#web/src/console/sign-in/passkey-ceremonies.ts';
import { mockFetch, sentRequests } from '#test/web/support/mock-fetch.ts';
import { leadDetail } from '#test/web/src/console/support/leads.ts';

jest.mock('#web/src/console/sign-in/passkey-ceremonies.ts', () => ({ signInWithPasskey: jest.fn() }));

const OWNER: ConsoleSession = { owner: 'owner@console.test', expiresAt: 2_000_000_000, idleExpiresAt: 2_000_000_000 };
const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const SIGN_IN_NEEDED = { message: 'Please sign in to the console.' };

const lead = (overrides: Partial<LeadDetail> = {}) => leadDetail({ id: ID, ...overrides });

const noted = (text: string) => lead({ notes: [{ at: 1_780_000_100, by: OWNER.owner, text }], version: 3 });

const openLead = () =>
  render(
    <MemoryRouter initialEntries={[`/leads/${ID}`]}>
      <ConsoleApp />
    </MemoryRouter>,
  );

const noteBox = async () => screen.findByLabelText(/New note/);

beforeEach(() => sessionStorage.clear());

describe("a lead's note being written", () => {
  it('survives a reload of the page, and is cleared once saved', async () => {
    // Prepare
    const fetchMock = mockFetch(
      { status: 200, body: OWNER },
      { status: 200, body: lead() },
      { status: 200, body: OWNER },
      { status: 200, body: lead() },
      { status: 200, body: { message: 'Note added.', lead: noted('Call back Tuesday after 2.') } },
    );
    const user = userEvent.setup();
    const first = openLead();
    await user.type(await noteBox(), 'Call back Tuesday after 2.');

    // Act: the page is reloaded (everything in it gone), then opened again
    first.unmount();
    openLead();

    // Assess
    expect(await noteBox()).toHaveValue('Call back Tuesday after 2.');

    // Act
    await user.click(screen.getByRole('button', { name: 'Save the note' }));

    // Assess: sent as typed, shown in the list, the box and the kept draft emptied
    expect(await screen.findByText('Note added.')).toBeVisible();
    expect(sentRequests(fetchMock).at(-1)).toEqual({
      url: `/api/admin/leads/${ID}/notes`,
      method: 'POST',
      body: { text: 'Call back Tuesday after 2.' },
    });
    expect(
      within(screen.getByRole('list', { name: 'Notes so far, oldest first' })).getByText('Call back Tuesday after 2.'),
    ).toBeVisible();
    expect(await noteBox()).toHaveValue('');
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it('survives the session ending on "Save": after the sign-in it is still there, and saves', async () => {
    // Prepare
    const fetchMock = mockFetch(
      { status: 200, body: OWNER },
      { status: 200, body: lead() },
      { status: 401, body: SIGN_IN_NEEDED },
      { status: 200, body: { message: 'Note added.', lead: noted('Sent the proposal.') } },
    );
    jest.mocked(signInWithPasskey).mockResolvedValue(OWNER);
    const user = userEvent.setup();
    openLead();
    await user.type(await noteBox(), 'Sent the proposal.');

    // Act
    await user.click(screen.getByRole('button', { name: 'Save the note' }));
    expect(await screen.findByText(SESSION_ENDED_NOTICE)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    // Assess: back on the lead with the note as typed, and the kept copy too
    expect(await noteBox()).toHaveValue('Sent the proposal.');
    expect(Object.values(sessionStorage)).toEqual(['Sent the proposal.']);

    // Act
    await user.click(screen.getByRole('button', { name: 'Save the note' }));

    // Assess
    expect(await screen.findByText('Note added.')).toBeVisible();
    expect(sentRequests(fetchMock).filter(({ method }) => method === 'POST')).toHaveLength(2);
    expect(await noteBox()).toHaveValue('');
  });

  it('is not shown to another owner who signs in on the same tab', async () => {
    // Prepare
    sessionStorage.setItem(`console.note-draft.${OWNER.owner}.${ID}`, 'Private to the first owner');
    mockFetch({ status: 200, body: { ...OWNER, owner: 'partner@console.test' } }, { status: 200, body: lead() });

    // Act
    openLead();

    // Assess
    expect(await noteBox()).toHaveValue('');
  });
});

describe('a change that someone else made first (409)', () => {
  it('says so plainly, reloads the lead, and keeps what the owner had typed', async () => {
    // Prepare
    const changedMeanwhile =
      'Someone changed this lead after you opened it, so your change was not saved. Reload the lead to see theirs, then make yours again.';
    const theirs = lead({
      status: 'contacted',
      version: 4,
      statusHistory: [{ at: 1_780_000_500, by: 'partner@console.test', from: 'new', to: 'contacted' }],
    });
    const fetchMock = mockFetch(
      { status: 200, body: OWNER },
      { status: 200, body: lead() },
      { status: 409, body: { message: changedMeanwhile } },
      { status: 200, body: theirs },
    );
    const user = userEvent.setup();
    openLead();
    await user.type(await noteBox(), 'Half-written thought');
    await user.type(screen.getByLabelText(/Follow-up date/), '2026-06-01');

    // Act
    await user.click(screen.getByRole('button', { name: 'Move to contacted' }));

    // Assess: the API's words and that the page now shows the lead as it is
    expect(await screen.findByText(`${changedMeanwhile} ${RELOADED_NOTICE}`)).toBeVisible();
    expect(sentRequests(fetchMock).slice(2)).toEqual([
      { url: `/api/admin/leads/${ID}/status`, method: 'POST', body: { to: 'contacted', version: 3 } },
      { url: `/api/admin/leads/${ID}`, method: 'GET', body: undefined },
    ]);
    expect(screen.getByRole('heading', { name: 'Status: Contacted' })).toBeVisible();
    expect(screen.getByText(/New → Contacted, by partner@console\.test/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Move to qualified' })).toBeVisible();
    // What they typed is where they left it
    expect(await noteBox()).toHaveValue('Half-written thought');
    expect(screen.getByLabelText(/Follow-up date/)).toHaveValue('2026-06-01');
  });

  it('sends the next change with the version it now shows', async () => {
    // Prepare
    const fetchMock = mockFetch(
      { status: 200, body: OWNER },
      { status: 200, body: lead() },
      { status: 409, body: { message: 'Someone changed this lead after you opened it.' } },
      { status: 200, body: lead({ version: 4 }) },
      {
        status: 200,
        body: { message: 'Marked as spam: it is kept, out of the inbox.', lead: lead({ spam: true, version: 5 }) },
      },
    );
    const user = userEvent.setup();
    openLead();
    await user.click(await screen.findByRole('button', { name: 'Mark as spam' }));
    await screen.findByText(/Someone changed this lead/);

    // Act
    await user.click(screen.getByRole('button', { name: 'Mark as spam' }));

    // Assess
    expect(await screen.findByText('Marked as spam: it is kept, out of the inbox.')).toBeVisible();
    expect(sentRequests(fetchMock).at(-1)).toEqual({
      url: `/api/admin/leads/${ID}/spam`,
      method: 'PUT',
      body: { spam: true, version: 4 },
    });
    expect(screen.getByRole('button', { name: 'Not spam' })).toBeVisible();
  });
});
