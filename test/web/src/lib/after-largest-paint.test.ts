/**
 * When the boot script starts the app (web/src/lib/after-largest-paint.ts): after the first
 * largest-contentful-paint entry, or the visitor's first action, or at the latest
 * LARGEST_PAINT_WAIT_MS after load; always exactly once.
 */
import { afterLargestPaint, LARGEST_PAINT_WAIT_MS } from '#web/src/lib/after-largest-paint.ts';

/** A stand-in for the browser's PerformanceObserver that reports LCP entries on demand. */
class FakeObserver {
  static supportedEntryTypes: readonly string[] = ['largest-contentful-paint', 'paint'];
  static live: FakeObserver[] = [];
  observed?: PerformanceObserverInit;
  constructor(private readonly callback: () => void) {}
  observe(options: PerformanceObserverInit) {
    this.observed = options;
    FakeObserver.live.push(this);
  }
  disconnect() {
    FakeObserver.live = FakeObserver.live.filter((observer) => observer !== this);
  }
  static reportLargestPaint() {
    for (const observer of [...FakeObserver.live]) observer.callback();
  }
}

const realObserver = globalThis.PerformanceObserver;
let started: jest.Mock;

beforeEach(() => {
  jest.useFakeTimers();
  FakeObserver.live = [];
  FakeObserver.supportedEntryTypes = ['largest-contentful-paint', 'paint'];
  globalThis.PerformanceObserver = FakeObserver as unknown as typeof PerformanceObserver;
  started = jest.fn();
});
afterEach(() => {
  globalThis.PerformanceObserver = realObserver;
  jest.useRealTimers();
});

describe('afterLargestPaint', () => {
  it('starts in the task after the first largest-paint entry (buffered), and only once', () => {
    afterLargestPaint(started);
    expect(FakeObserver.live[0]!.observed).toEqual({ type: 'largest-contentful-paint', buffered: true });

    jest.advanceTimersByTime(LARGEST_PAINT_WAIT_MS - 1);
    expect(started).not.toHaveBeenCalled();
    FakeObserver.reportLargestPaint();
    expect(started).not.toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(started).toHaveBeenCalledTimes(1);

    // Later candidates, actions and the deadline change nothing; the observer is gone.
    expect(FakeObserver.live).toEqual([]);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    jest.advanceTimersByTime(LARGEST_PAINT_WAIT_MS * 2);
    expect(started).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'keydown', 'touchstart', 'scroll'])(
    'starts at the first %s, after which the browser reports no largest paint',
    (type) => {
      afterLargestPaint(started);
      window.dispatchEvent(new Event(type));
      jest.advanceTimersByTime(0);
      expect(started).toHaveBeenCalledTimes(1);
      FakeObserver.reportLargestPaint();
      jest.advanceTimersByTime(LARGEST_PAINT_WAIT_MS);
      expect(started).toHaveBeenCalledTimes(1);
    },
  );

  it('starts after LARGEST_PAINT_WAIT_MS when no entry and no action comes (a page loaded hidden)', () => {
    afterLargestPaint(started);
    jest.advanceTimersByTime(LARGEST_PAINT_WAIT_MS - 1);
    expect(started).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    jest.advanceTimersByTime(1); // the task it queues (fake timers run a 0 ms timer set in a timer 1 ms later)
    expect(started).toHaveBeenCalledTimes(1);
    expect(FakeObserver.live).toEqual([]);
  });

  it('starts after the next frame in a browser that cannot report largest paints', () => {
    FakeObserver.supportedEntryTypes = ['paint'];
    afterLargestPaint(started);
    expect(FakeObserver.live).toEqual([]);
    jest.advanceTimersByTime(16);
    jest.advanceTimersByTime(1); // the task it queues (fake timers run a 0 ms timer set in a timer 1 ms later)
    expect(started).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(LARGEST_PAINT_WAIT_MS);
    expect(started).toHaveBeenCalledTimes(1);
  });
});
