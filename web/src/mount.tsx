import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * Puts the app into #root: hydrates the prerendered HTML as a transition (React then yields to
 * the browser every few milliseconds instead of blocking the main thread for the whole tree),
 * or renders afresh when the HTML is not this path's (a redirect-only path).
 *
 * Its own chunk, imported by the entry in a task of its own: react-dom is most of the site's
 * JavaScript, and evaluating it together with the app made one long task (docs/decisions/0062-compile-hints.md).
 */
export function mount(app: ReactNode, { hydrate }: { hydrate: boolean }) {
  const root = document.getElementById('root')!;
  if (hydrate) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
