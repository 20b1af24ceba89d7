import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';
import { App } from '#web/src/app/App.tsx';
import { loadPageRoute } from '#web/src/app/page-loader.ts';
import { PAGE_ROUTES } from '#web/src/app/routing.tsx';

/** Shows the router's location and how it got there (PUSH, REPLACE, POP), for assertions. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{`${useNavigationType()} ${pathname}`}</output>;
}

/**
 * Renders the whole app at `entries[index]`. Every page module is loaded first, as the client
 * entry loads the current one before hydrating: user-event wraps clicks in a synchronous
 * act(), and React does not retry a render that suspends inside one, so a test could
 * otherwise never see the page it navigated to (browsers have no such limit).
 */
export async function renderApp(entries: string[], index = entries.length - 1) {
  await Promise.all(PAGE_ROUTES.map(loadPageRoute));
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={index}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}
