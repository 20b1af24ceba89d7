import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Audience } from '#shared/constants/audiences.ts';
import { emailPagePath } from '#shared/paths.ts';
import { SettingsPage } from '#web/src/features/subscriber/components/SettingsPage.tsx';
import { UnsubscribePage } from '#web/src/features/subscriber/components/UnsubscribePage.tsx';

/** A 22-character base64url id, the shape of a real subscriber id. */
export const SUBSCRIBER_ID = 'k3Zq8Vt1XwYpR2mN5bLc0A';

export const SUBSCRIBER = {
  email: 'jordan@example.ca',
  firstName: 'Jordan',
  lastName: 'Lee',
  helpDescription: 'Looking for a role in operations.',
};

/** Renders the subscriber routes as the app does (the :id and the hash come from the address). */
export function renderSubscriberPage(
  page: 'unsubscribe' | 'settings',
  audience: Audience,
  id = SUBSCRIBER_ID,
  hash = '',
) {
  const entry =
    page === 'unsubscribe' ? emailPagePath('unsubscribe', audience, id) : emailPagePath('settings', audience, id);
  return render(
    <MemoryRouter initialEntries={[`${entry}${hash}`]}>
      <Routes>
        <Route path={`/unsubscribe/${audience}/:id`} element={<UnsubscribePage audience={audience} />} />
        <Route path={`/${audience}/setting/:id`} element={<SettingsPage audience={audience} />} />
      </Routes>
    </MemoryRouter>,
  );
}
