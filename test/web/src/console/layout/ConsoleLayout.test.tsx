/**
 * The console's navigation from deep inside a screen: on a lead's page (/admin/leads/<id>) the
 * links still go to each screen, not to a path under the lead.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { mockFetch, sentRequests } from '#test/web/support/mock-fetch.ts';

it('goes from a lead’s page to the audit log through the navigation', async () => {
  // Prepare
  const fetchMock = mockFetch(
    { status: 200, body: { owner: 'owner@console.test', expiresAt: 2_000_000_000, idleExpiresAt: 2_000_000_000 } },
    { status: 404, body: { message: 'There is no such lead.' } },
    {
      status: 200,
      body: { items: [{ id: 'e1', at: 1_780_000_000, actor: 'owner@console.test', summary: 'Signed in' }] },
    },
  );
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/leads/AbCdEfGhIjKlMnOpQrStUv']}>
      <ConsoleApp />
    </MemoryRouter>,
  );
  await screen.findByText('There is no such lead.');

  // Act
  await user.click(screen.getByRole('link', { name: 'Audit log' }));

  // Assess
  expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeVisible();
  expect(await screen.findByRole('cell', { name: 'Signed in' })).toBeVisible();
  expect(sentRequests(fetchMock).at(-1)?.url).toBe('/api/admin/audit');
});
