import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '#shared/console/common.ts';
import { errorText } from '../../lib/api-client';

export type Loading = 'first' | 'more' | 'idle';

export interface PagedList<T> {
  items: T[];
  /** The API's cursor of the next page, while the list goes on. */
  next?: string;
  loading: Loading;
  /** Why the last load failed, in plain words ('' when it did not). */
  error: string;
  /** Loads the next page, or after a failure tries the failed load again. */
  more(): void;
}

/**
 * A list the API serves a page at a time (Page<T>, with a `next` cursor): the first page
 * whenever `key` changes (new filters start afresh, an older answer is dropped), then one more
 * per `more()`. A failed load keeps what is shown and says why; `more()` tries it again.
 */
export function usePagedList<T>(
  loadPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>,
  key: string,
): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [next, setNext] = useState<string | undefined>();
  const [loading, setLoading] = useState<Loading>('first');
  const [error, setError] = useState('');
  const controller = useRef<AbortController | null>(null);
  const loader = useRef(loadPage);
  loader.current = loadPage;

  const load = useCallback(async (cursor: string | undefined) => {
    controller.current?.abort();
    const current = (controller.current = new AbortController());
    setLoading(cursor ? 'more' : 'first');
    setError('');
    try {
      const page = await loader.current(cursor, current.signal);
      setItems((shown) => (cursor ? [...shown, ...page.items] : page.items));
      setNext(page.next);
    } catch (failure) {
      if (current.signal.aborted) return;
      setError(errorText(failure));
    }
    setLoading('idle');
  }, []);

  useEffect(() => {
    setItems([]);
    setNext(undefined);
    void load(undefined);
    return () => controller.current?.abort();
  }, [load, key]);

  const more = useCallback(() => void load(error && items.length === 0 ? undefined : next), [load, error, items, next]);
  return { items, next, loading, error, more };
}
