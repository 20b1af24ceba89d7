/**
 * The owners' console (docs/architecture.md#the-consoles-web-code): its own entry, built apart from
 * the public site (web/build/esbuild-options.ts consoleBuildOptions), loaded only by its HTML shell
 * at /admin. Nothing is prerendered: what it shows depends on the session, so it renders afresh.
 */
import './console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { CONSOLE_PAGE } from '#shared/console-api.ts';
import { ConsoleApp } from './ConsoleApp';
import { startOpeningReads } from './opening-calls';
import { preloadScreenAt } from './screens';

// A failed read is retried by the screen's own call, which reports it.
startOpeningReads(window.location, window.history.state);
preloadScreenAt(window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename={CONSOLE_PAGE}>
      <ConsoleApp />
    </BrowserRouter>
  </StrictMode>,
);
