/**
 * Node entry of the prerender (bundled by web/build/prerender.ts): renders one URL of the
 * app to HTML with the same components the browser hydrates.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/App';
import type { RouteHandle } from './app/route-handle';
import { loadPageFor, PAGE_ROUTES } from './app/routing';

export const pageRoutes = () => PAGE_ROUTES;

export async function renderPage(url: string): Promise<{ html: string; handle: RouteHandle }> {
  const route = await loadPageFor(url);
  if (!route) throw new Error(`${url} is a redirect, not a page`);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  return { html, handle: route.handle };
}
