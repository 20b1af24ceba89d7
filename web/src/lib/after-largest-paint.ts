/** The longest the app waits after load for a largest-paint entry that may never come. */
export const LARGEST_PAINT_WAIT_MS = 2000;
/** LCP entries stop at the first input or scroll, so these start the app too. */
const FIRST_ACTIONS = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;

/**
 * Runs `then` once, in a task after the largest contentful paint has been presented. The load
 * event and the next frame are not enough: a small page can load before its first frame is
 * presented (in traced Lighthouse runs here, LCP came 15–20 ms after load), and a chunk that
 * has arrived by then is counted into Lighthouse's LCP estimate, one simulated round trip
 * later. No entry comes after the visitor has scrolled or pressed anything
 * (https://w3c.github.io/largest-contentful-paint/, "report largest contentful paint"), and
 * none in a browser that cannot report LCP (there the next frame is as near as it can tell);
 * so the first action, or LARGEST_PAINT_WAIT_MS, starts the app as well.
 * Part of the boot script (web/src/boot.ts), bundled into it: keep it small and dependency-free.
 */
export function afterLargestPaint(then: () => void) {
  const waiting = new AbortController();
  const once = () => {
    if (waiting.signal.aborted) return;
    waiting.abort();
    setTimeout(then, 0);
  };
  for (const type of FIRST_ACTIONS) {
    window.addEventListener(type, once, { capture: true, passive: true, signal: waiting.signal });
  }
  const timer = setTimeout(once, LARGEST_PAINT_WAIT_MS);
  waiting.signal.addEventListener('abort', () => clearTimeout(timer));
  if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    requestAnimationFrame(once);
    return;
  }
  const observer = new PerformanceObserver(once);
  waiting.signal.addEventListener('abort', () => observer.disconnect());
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}
