/**
 * The only script a prerendered page names in its HTML (web/build/html-document.ts). It starts
 * the app once the page has painted: the entry, the page's own chunks and the data it renders with
 * (`data-entry`, `data-preload`; a blog page's JSON, web/src/features/blog/blog-data.ts) are
 * requested after the load event and after the browser has presented the page's largest
 * contentful paint, so on a slow phone they never compete with the HTML, the inlined stylesheet and
 * the images for the first screen.
 * See docs/decisions/0060-critical-css-and-csp-hash.md and 0062-compile-hints.md.
 */
import { afterLargestPaint } from './lib/after-largest-paint';

const tag = document.querySelector<HTMLScriptElement>('script[data-entry]');

function start(script: HTMLScriptElement) {
  for (const href of (script.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.href = href;
    // A chunk is a module; anything else is data the app fetch()es (a blog page's JSON): a preload
    // fetch() takes up, matched to its defaults (CORS mode, same-origin credentials) or it fetches twice.
    if (href.endsWith('.js')) link.rel = 'modulepreload';
    else Object.assign(link, { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous' });
    document.head.append(link);
  }
  void import(script.dataset.entry!);
}

if (tag) {
  const afterPaint = () => afterLargestPaint(() => start(tag));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
}

export {};
