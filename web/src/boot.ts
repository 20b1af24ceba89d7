/**
 * The only script a prerendered page names in its HTML (web/build/html-document.ts). It starts
 * the app once the page has painted: the entry and the page's own chunks (`data-entry`,
 * `data-preload`) are requested after the load event and after the browser has presented the
 * page's largest contentful paint, so on a slow phone they never compete with the HTML, the
 * inlined stylesheet and the images for the first screen.
 * See docs/decisions/0060-critical-css-and-csp-hash.md and 0062-compile-hints.md.
 */
import { afterLargestPaint } from './lib/after-largest-paint';

const tag = document.querySelector<HTMLScriptElement>('script[data-entry]');

function start(script: HTMLScriptElement) {
  for (const href of (script.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
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
