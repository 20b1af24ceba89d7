import './styles/main.css';
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { loadPageFor } from './app/routing';
import { nextTask } from './lib/next-task';

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

/**
 * Load this page's module (and e.g. its post's data) first, so hydration matches the HTML.
 * A redirect-only path (the legacy post slug, normally a 301 at the edge) has no HTML of its
 * own: whatever page was served, render afresh and let the redirect run.
 * The page's chunks, react-dom (./mount) and hydration each run in a task of their own: the boot
 * script has preloaded them all, so the waits between them cost a task switch, not a download.
 */
async function start() {
  const page = await loadPageFor(window.location.pathname);
  await nextTask();
  const { mount } = await import('./mount');
  await nextTask();
  mount(app, { hydrate: page !== undefined });
}

void start();
