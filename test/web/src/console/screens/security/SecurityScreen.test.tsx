/**
 * The Security screen (issue 33, part 2) as an owner meets it: their passkeys in plain words
 * (name, kind of device, when made and last used, which one they signed in with), "Remove" that
 * asks first and then says what ended, and a rename. What is sent to the API is asserted.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PasskeySummary } from '#shared/console/security.ts';
import SecurityScreen from '#web/src/console/screens/security/SecurityScreen.tsx';
import { mockFetch, sentRequests } from '#test/web/support/mock-fetch.ts';

const LAPTOP: PasskeySummary = {
  id: 'bGFwdG9wLWNyZWRlbnRpYWw',
  name: 'Mac built-in passkey',
  device: 'computer',
  createdAt: 1_790_000_000,
  lastUsedAt: 1_790_500_000,
  current: true,
};
const LOST_PHONE: PasskeySummary = {
  id: 'cGhvbmUtY3JlZGVudGlhbA',
  name: 'iPhone built-in passkey',
  device: 'phone',
  createdAt: 1_780_000_000,
  current: false,
};

it('lists the owner’s passkeys in plain words', async () => {
  // Prepare
  const fetchMock = mockFetch({ status: 200, body: [LAPTOP, LOST_PHONE] });

  // Act
  render(<SecurityScreen />);

  // Assess
  expect(
    await screen.findByRole('heading', { name: 'Mac built-in passkey (you signed in with this one)' }),
  ).toBeVisible();
  const phone = screen.getByRole('listitem', { name: 'iPhone built-in passkey' });
  expect(within(phone).getByText("A phone's or tablet's built-in passkey")).toBeVisible();
  // The firm's clock, each sentence ending once (not "p.m..")
  expect(within(phone).getByText(/^Made/)).toHaveTextContent(
    /^Made May 28, 2026, 2:26 p\.m\.; not used to sign in since\.$/,
  );
  const laptop = screen.getByRole('listitem', { name: /Mac built-in passkey/ });
  expect(within(laptop).getByText("A computer's built-in passkey")).toBeVisible();
  expect(within(laptop).getByText(/^Made/)).toHaveTextContent(
    /^Made Sep 21, 2026, 8:13 a\.m\.; last used to sign in Sep 27, 2026, 3:06 a\.m\.$/,
  );
  expect(document.body.textContent).not.toMatch(/credential|authenticator|cross-platform|platform|webauthn/i);
  expect(sentRequests(fetchMock)).toEqual([{ method: 'GET', url: '/api/admin/security/passkeys', body: undefined }]);
});

it('removes a passkey only once the owner confirms, then says what ended and lists the rest', async () => {
  // Prepare
  const fetchMock = mockFetch(
    { status: 200, body: [LAPTOP, LOST_PHONE] },
    { status: 200, body: { sessionsEnded: 2, signedOut: false } },
    { status: 200, body: [LAPTOP] },
  );
  const user = userEvent.setup();
  render(<SecurityScreen />);
  const phone = await screen.findByRole('listitem', { name: 'iPhone built-in passkey' });

  // Act: "Remove" asks first; "Cancel" sends nothing
  await user.click(within(phone).getByRole('button', { name: 'Remove' }));
  const question = within(phone).getByRole('group', {
    name: 'Remove “iPhone built-in passkey”? It will no longer sign in, and anyone signed in with it is signed out.',
  });
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));

  // Assess
  expect(sentRequests(fetchMock)).toHaveLength(1);

  // Act
  await user.click(within(phone).getByRole('button', { name: 'Remove' }));
  await user.click(within(phone).getByRole('button', { name: 'Yes, remove it' }));

  // Assess
  expect(
    await screen.findByText(
      '“iPhone built-in passkey” is removed: it can no longer sign in to the console. The 2 sessions it began have ended.',
    ),
  ).toBeVisible();
  expect(sentRequests(fetchMock).slice(1)).toEqual([
    { method: 'DELETE', url: '/api/admin/security/passkeys/cGhvbmUtY3JlZGVudGlhbA', body: undefined },
    { method: 'GET', url: '/api/admin/security/passkeys', body: undefined },
  ]);
  await screen.findByRole('heading', { name: 'Mac built-in passkey (you signed in with this one)' });
  expect(screen.queryByRole('listitem', { name: 'iPhone built-in passkey' })).toBeNull();
});

it('warns before removing the passkey the owner signed in with', async () => {
  // Prepare
  mockFetch({ status: 200, body: [LAPTOP] });
  const user = userEvent.setup();
  render(<SecurityScreen />);

  // Act
  await user.click(await screen.findByRole('button', { name: 'Remove' }));

  // Assess
  expect(screen.getByText(/you are signed in with it: you will be signed out on this device/)).toBeVisible();
});

it('renames a passkey, refusing an empty name in plain words', async () => {
  // Prepare
  const fetchMock = mockFetch(
    { status: 200, body: [LOST_PHONE] },
    { status: 200, body: { ...LOST_PHONE, name: 'Work phone' } },
    { status: 200, body: [{ ...LOST_PHONE, name: 'Work phone' }] },
  );
  const user = userEvent.setup();
  render(<SecurityScreen />);
  await user.click(await screen.findByRole('button', { name: 'Rename' }));
  const field = screen.getByLabelText('New name');

  // Act
  await user.clear(field);
  await user.click(screen.getByRole('button', { name: 'Save the name' }));

  // Assess
  expect(await screen.findByText('Give the passkey a name.')).toBeVisible();
  expect(sentRequests(fetchMock)).toHaveLength(1);

  // Act
  await user.type(field, ' Work phone ');
  await user.click(screen.getByRole('button', { name: 'Save the name' }));

  // Assess
  expect(await screen.findByRole('heading', { name: 'Work phone' })).toBeVisible();
  expect(sentRequests(fetchMock)[1]).toEqual({
    method: 'PUT',
    url: '/api/admin/security/passkeys/cGhvbmUtY3JlZGVudGlhbA',
    body: { name: 'Work phone' },
  });
});
