/**
 * Data a page renders with, loaded once per key and read in render through React's `use`: a
 * blog post's data file, the blog's catalog (web/src/features/blog/blog-data.ts). Values are cached
 * as promises carrying React's `status`/`value` fields (the contract `use` reads): a promise already
 * marked 'fulfilled' is returned synchronously instead of suspending, which is what lets hydration
 * render exactly the prerendered HTML (docs/decisions/0034-page-loader-before-hydration.md).
 */
import { use, type ReactPromise } from 'react';

export interface SuspenseCache<T> {
  /** Loads a value (once); the prerender and the client entry await it before rendering. */
  preload(key: string): Promise<void>;
  /** The value if it has loaded, else undefined. */
  peek(key: string): T | undefined;
  /** In render: the loaded value synchronously, else suspends until it arrives (e.g. after a click). */
  useValue(key: string): T;
  /** Sets a value a render already holds (the blog's renderer), so reading it never suspends. */
  provide(key: string, value: T): void;
  /** Drops a value, so the next read loads it again. */
  forget(key: string): void;
}

export function createSuspenseCache<T>(load: (key: string) => Promise<T>): SuspenseCache<T> {
  const cache = new Map<string, ReactPromise<T>>();

  function tracked(key: string): ReactPromise<T> {
    const cached = cache.get(key);
    if (cached) return cached;
    const loading = load(key);
    const promise: ReactPromise<T> = Object.assign(loading, { status: 'pending' as const });
    loading.then(
      (value) => Object.assign(promise, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(promise, { status: 'rejected', reason });
        // Forget a failed load (e.g. a dropped connection) so the next visit tries again.
        if (cache.get(key) === promise) cache.delete(key);
      },
    );
    cache.set(key, promise);
    return promise;
  }

  return {
    preload: async (key) => {
      await tracked(key);
    },
    peek: (key) => {
      const cached = cache.get(key);
      return cached?.status === 'fulfilled' ? cached.value : undefined;
    },
    useValue: (key) => use(tracked(key)),
    provide: (key, value) => {
      cache.set(key, Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value }));
    },
    forget: (key) => {
      cache.delete(key);
    },
  };
}
