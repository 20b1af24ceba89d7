import './styles/main.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { loadPageFor } from './app/routing';

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

/**
 * Load this page's module (and e.g. its post body) first, so hydration matches the HTML.
 * A redirect-only path (the legacy post slug, normally a 301 at the edge) has no HTML of its
 * own: whatever page was served, render afresh and let the redirect run.
 * Hydration runs as a transition, so React yields to the browser every few milliseconds instead
 * of blocking the main thread for the whole tree (Total Blocking Time on slow phones).
 */
async function start() {
  const root = document.getElementById('root')!;
  const page = await loadPageFor(window.location.pathname);
  if (page) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void start();
