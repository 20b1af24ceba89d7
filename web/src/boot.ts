/**
 * The only script a prerendered page names in its HTML (web/build/html-document.ts). It starts
 * the app once the page has painted: the entry and the page's own chunks (`data-entry`,
 * `data-preload`) are requested after the load event and after the browser has presented the
 * page's largest contentful paint, so on a slow phone they never compete with the HTML, the
 * inlined stylesheet and the images for the first screen.
 * See docs/decisions/0060-critical-css-and-csp-hash.md and 0062-compile-hints.md.
 */
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

/**
 * Runs `then` in a task after the largest contentful paint has been presented. The load event
 * and the next frame are not enough: a small page can load before its first frame is presented
 * (in traced Lighthouse runs here, LCP came 15–20 ms after load), and a chunk that has arrived
 * by then is counted into Lighthouse's LCP estimate, one simulated round trip later. Where the
 * browser cannot report LCP, the next frame is as near as it can tell.
 */
function afterLargestPaint(then: () => void) {
  const later = () => setTimeout(then, 0);
  if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    requestAnimationFrame(later);
    return;
  }
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    later();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}

if (tag) {
  const afterPaint = () => afterLargestPaint(() => start(tag));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
}

export {};
