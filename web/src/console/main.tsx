/**
 * The owners' console (docs/architecture.md#the-consoles-web-code): its own entry, built apart from
 * the public site (web/build/esbuild-options.ts consoleBuildOptions), loaded only by its HTML shell
 * at /admin. Nothing is prerendered: what it shows depends on the session, so it renders afresh.
 */
import './console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { CONSOLE_PAGE } from '#shared/console/common.ts';
import { ConsoleApp } from './ConsoleApp';
import { startOpening } from './screens/registry';

startOpening(window.location, window.history.state);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename={CONSOLE_PAGE}>
      <ConsoleApp />
    </BrowserRouter>
  </StrictMode>,
);
