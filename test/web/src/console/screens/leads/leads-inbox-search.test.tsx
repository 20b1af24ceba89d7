/**
 * The leads inbox's search stays out of every URL (docs/decisions/0072-erasure.md): owners search
 * by name and address, and a URL lands in access logs an erasure cannot reach. The filters stay
 * in the page's address; the search rides in the history entry's state (a reload in the tab keeps
 * it) and in the list call's JSON body. The API is replaced by queued answers; the screen is real.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import type { ConsoleSession } from '#shared/console/sign-in.ts';
import type { Page } from '#shared/console/common.ts';
import type { LeadSummary } from '#shared/console/leads.ts';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { mockFetch, sentRequests } from '#test/web/support/mock-fetch.ts';
import { leadSummary } from '#test/web/src/console/support/leads.ts';

const TERM = 'avery.stone@example.ca';
const LEAD = leadSummary({ email: TERM });
const OWNER: ConsoleSession = { owner: 'owner@console.test', expiresAt: 2_000_000_000, idleExpiresAt: 2_000_000_000 };
const SIGNED_IN = { status: 200, body: OWNER };
const page = (...items: LeadSummary[]) => ({ status: 200, body: { items } satisfies Page<LeadSummary> });

let shown: Location;
function ShownLocation() {
  shown = useLocation();
  return null;
}

/** The leads calls the screen made (after the session check). */
const leadCalls = (fetchMock: jest.Mock) =>
  sentRequests(fetchMock).filter(({ url }) => url.startsWith('/api/admin/leads'));

const openInbox = (entry: string | Partial<Location> = '/leads') =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <ConsoleApp />
      <ShownLocation />
    </MemoryRouter>,
  );

describe('the leads inbox’s search', () => {
  it('sends the search in the list call’s body and keeps it out of the page’s address', async () => {
    // Prepare
    const fetchMock = mockFetch(SIGNED_IN, page(), page(LEAD));
    const user = userEvent.setup();
    openInbox();
    await screen.findByText(/No leads yet/);

    // Act
    await user.type(screen.getByLabelText('Search by name, email or organization'), TERM);
    await user.selectOptions(screen.getByLabelText('Form'), 'signup');
    await user.click(screen.getByRole('button', { name: 'Show leads' }));

    // Assess
    expect(await screen.findByRole('link', { name: 'Avery Stone' })).toBeVisible();
    expect(leadCalls(fetchMock)).toEqual([
      { method: 'POST', url: '/api/admin/leads', body: {} },
      { method: 'POST', url: '/api/admin/leads', body: { form: 'signup', q: TERM } },
    ]);
    expect(shown.search).toBe('?form=signup');
    expect(shown.state).toEqual({ q: TERM });
    expect(screen.getByLabelText('Search by name, email or organization')).toHaveValue(TERM);
  });

  it('shows the same search after a reload in the tab, and keeps it when the view changes', async () => {
    // Prepare
    const fetchMock = mockFetch(SIGNED_IN, page(LEAD), page());
    const user = userEvent.setup();
    openInbox({ pathname: '/leads', search: '?audience=employer', state: { q: TERM } });
    await screen.findByRole('link', { name: 'Avery Stone' });

    // Act
    await user.click(screen.getByRole('link', { name: 'Spam' }));

    // Assess
    expect(await screen.findByText(/No leads match these filters/)).toBeVisible();
    expect(leadCalls(fetchMock)).toEqual([
      { method: 'POST', url: '/api/admin/leads', body: { audience: 'employer', q: TERM } },
      { method: 'POST', url: '/api/admin/leads', body: { view: 'spam', audience: 'employer', q: TERM } },
    ]);
    expect(shown.search).toBe('?view=spam&audience=employer');
    expect(shown.state).toEqual({ q: TERM });
    expect(screen.getByLabelText('Search by name, email or organization')).toHaveValue(TERM);
  });

  it('keeps the search on the way to a lead and back to the inbox', async () => {
    // Prepare
    const fetchMock = mockFetch(
      SIGNED_IN,
      page(LEAD),
      { status: 404, body: { message: 'There is no such lead.' } },
      page(LEAD),
    );
    const user = userEvent.setup();
    openInbox({ pathname: '/leads', search: '?form=signup', state: { q: TERM } });
    await user.click(await screen.findByRole('link', { name: 'Avery Stone' }));

    // Act
    await user.click(await screen.findByRole('link', { name: '← All leads' }));

    // Assess
    expect(await screen.findByRole('link', { name: 'Avery Stone' })).toBeVisible();
    expect(shown.pathname).toBe('/leads');
    expect(shown.search).toBe('?form=signup');
    expect(shown.state).toEqual({ q: TERM });
    expect(leadCalls(fetchMock).map(({ url }) => url)).toEqual([
      '/api/admin/leads',
      `/api/admin/leads/${LEAD.id}`,
      '/api/admin/leads',
    ]);
    expect(leadCalls(fetchMock)[2]!.body).toEqual({ form: 'signup', q: TERM });
  });

  it('forgets the search with “Clear filters”', async () => {
    // Prepare
    const fetchMock = mockFetch(SIGNED_IN, page(LEAD), page(LEAD));
    const user = userEvent.setup();
    openInbox({ pathname: '/leads', search: '?form=signup', state: { q: TERM } });
    await screen.findByRole('link', { name: 'Avery Stone' });

    // Act
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));

    // Assess
    expect(await screen.findByLabelText('Search by name, email or organization')).toHaveValue('');
    expect(leadCalls(fetchMock)[1]).toEqual({ method: 'POST', url: '/api/admin/leads', body: {} });
    expect(shown.search).toBe('');
    expect(shown.state).toBeNull();
  });
});
