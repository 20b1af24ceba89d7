/**
 * The console's jsdom tests render with Preact (its compat layer stands in for React, as in the
 * console's build). Preact runs effects after the next frame, through whatever timers exist at that
 * moment: under jest's fake timers a pending run would wait until the test advances them, and after
 * the test gives the real timers back it would never run, since Preact schedules a run only when
 * its queue was empty. React's scheduler keeps the timers it found at start, so its effects run
 * whatever a test fakes; this gives Preact the same footing: effects run one real macrotask after
 * the render, as they would a frame after it in a browser.
 */
import { options } from 'preact';

const realSetTimeout = globalThis.setTimeout;
options.requestAnimationFrame = (runEffects) => {
  realSetTimeout(runEffects, 0);
};
