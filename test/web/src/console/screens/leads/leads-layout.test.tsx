/**
 * The owners' walk (issue 33, part 9) on the leads screens: on a phone the inbox's five choices
 * fold behind "Filters" (open when one is chosen) so the leads start on the first screen; a lead's
 * page links to the person's consent record with the address in the link's state (never a URL),
 * so the owner does not type it again. The layout itself (which widths fold) is console.css's,
 * looked at in Chromium (test/e2e/console-leads.e2e.ts); here, the controls and where they lead.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import type { ConsoleSession } from '#shared/console/sign-in.ts';
import type { Page } from '#shared/console/common.ts';
import type { LeadSummary } from '#shared/console/leads.ts';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { mockFetch } from '#test/web/support/mock-fetch.ts';
import { leadDetail } from '#test/web/src/console/support/leads.ts';

const OWNER: ConsoleSession = { owner: 'owner@console.test', expiresAt: 2_000_000_000, idleExpiresAt: 2_000_000_000 };
const SIGNED_IN = { status: 200, body: OWNER };
const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const NO_LEADS = { status: 200, body: { items: [] } satisfies Page<LeadSummary> };
const LEAD = leadDetail({ id: ID });

let shown: Location;
function ShownLocation() {
  shown = useLocation();
  return null;
}

const open = (entry: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <ConsoleApp />
      <ShownLocation />
    </MemoryRouter>,
  );

/** The five choices besides the search, folded on a phone (console.css). */
const choices = () => document.getElementById('lead-filter-more')!;

describe('the inbox’s filters', () => {
  it('are folded behind "Filters" while none is chosen, and unfold on a press', async () => {
    // Prepare
    mockFetch(SIGNED_IN, NO_LEADS);
    const user = userEvent.setup();
    open('/leads');
    const toggle = await screen.findByRole('button', { name: 'Filters' });

    // Assess: the search is always there; the choices folded
    expect(screen.getByLabelText('Search by name, email or organization')).toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', choices().id);
    expect(choices()).toHaveClass('console-filters__more--closed');
    expect(choices()).toContainElement(screen.getByLabelText('Status'));

    // Act
    await user.click(toggle);

    // Assess
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(choices()).not.toHaveClass('console-filters__more--closed');
  });

  it('are unfolded, saying how many are chosen, when the view is filtered', async () => {
    // Prepare
    mockFetch(SIGNED_IN, NO_LEADS);

    // Act
    open('/leads?status=new&form=signup');

    // Assess
    const toggle = await screen.findByRole('button', { name: 'Filters (2 chosen)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(choices()).not.toHaveClass('console-filters__more--closed');
  });
});

describe('a lead’s page', () => {
  it('links to the person’s consent record, with the address in the link’s state, not its URL', async () => {
    // Prepare
    mockFetch(SIGNED_IN, { status: 200, body: LEAD }, { status: 200, body: { found: false } });
    const user = userEvent.setup();
    open(`/leads/${ID}`);

    // Act
    await user.click(await screen.findByRole('link', { name: 'Their consent, subscriptions and emails' }));

    // Assess
    expect(shown.pathname).toBe('/people');
    expect(shown.search).toBe('');
    expect(shown.state).toEqual({ email: LEAD.email });
  });
});
