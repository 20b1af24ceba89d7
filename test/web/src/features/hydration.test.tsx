import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ConfirmPage } from '#web/src/features/confirmation/components/ConfirmPage.tsx';
import { ScorecardForm } from '#web/src/features/scorecard/components/ScorecardForm.tsx';
import { SignupForm } from '#web/src/features/signup/components/SignupForm.tsx';
import { SettingsPage } from '#web/src/features/subscriber/components/SettingsPage.tsx';
import { UnsubscribePage } from '#web/src/features/subscriber/components/UnsubscribePage.tsx';
import { mockPendingFetch } from '#test/web/support/mock-fetch.ts';

const atRoute = (path: string, pattern: string, page: ReactElement) => (
  <MemoryRouter initialEntries={[path]}>
    <Routes>
      <Route path={pattern} element={page} />
    </Routes>
  </MemoryRouter>
);

/** The pages are prerendered and hydrated: the first client render must match the HTML. */
describe.each<[string, () => ReactElement]>([
  ['ScorecardForm', () => <ScorecardForm />],
  ['SignupForm', () => <SignupForm audience="candidate" thankYou="candidate" />],
  [
    'UnsubscribePage',
    () =>
      atRoute(
        '/unsubscribe/employer/k3Zq8Vt1XwYpR2mN5bLc0A',
        '/unsubscribe/employer/:id',
        <UnsubscribePage audience="employer" />,
      ),
  ],
  [
    'ConfirmPage',
    () => atRoute(`/confirm/employer/${'A'.repeat(44)}`, '/confirm/employer/:id', <ConfirmPage audience="employer" />),
  ],
  [
    'SettingsPage',
    () =>
      atRoute(
        '/candidate/setting/k3Zq8Vt1XwYpR2mN5bLc0A',
        '/candidate/setting/:id',
        <SettingsPage audience="candidate" />,
      ),
  ],
])('%s', (_name, element) => {
  afterEach(() => jest.restoreAllMocks());

  it('hydrates the server HTML without a mismatch', async () => {
    // Prepare
    mockPendingFetch();
    const container = document.createElement('div');
    container.innerHTML = renderToString(element());
    const serverDom = container.innerHTML;
    document.body.append(container);
    const consoleError = jest.spyOn(console, 'error');
    const recoverableErrors: unknown[] = [];

    // Act
    const root = await act(async () =>
      hydrateRoot(container, element(), { onRecoverableError: (error) => recoverableErrors.push(error) }),
    );

    // Assess
    expect(recoverableErrors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(serverDom);
    act(() => root.unmount());
    container.remove();
  });
});
