import { useCallback, useEffect, useRef, useState } from 'react';
import type { SubscriberFilter, SubscriberRow, SubscribersOverview } from '#shared/console/subscribers.ts';
import { errorText } from '#web/src/lib/api-client.ts';
import { subscriberPage } from './subscribers-api';

type Loading = 'first' | 'more' | 'idle';

/**
 * The filtered list, a page at a time: a new filter starts again from the first page (the one
 * in flight is dropped); "Load more" adds the next. A failure keeps the rows shown. The counts
 * come with each first page; the last ones stay shown while a new filter loads.
 */
export function useSubscriberList(filter: SubscriberFilter) {
  const [rows, setRows] = useState<SubscriberRow[]>([]);
  const [overview, setOverview] = useState<SubscribersOverview | undefined>();
  const [next, setNext] = useState<string | undefined>();
  const [loading, setLoading] = useState<Loading>('first');
  const [error, setError] = useState('');
  const controller = useRef<AbortController | null>(null);
  const { audience, state, topic } = filter;

  const load = useCallback(
    async (cursor: string | undefined) => {
      controller.current?.abort();
      const current = (controller.current = new AbortController());
      setLoading(cursor ? 'more' : 'first');
      setError('');
      try {
        const page = await subscriberPage({ audience, state, topic }, cursor, current.signal);
        // An answer that arrived as a newer filter replaced it is dropped, not shown under that filter.
        if (current.signal.aborted) return;
        setRows((shown) => (cursor ? [...shown, ...page.items] : page.items));
        setNext(page.next);
        if (page.overview) setOverview(page.overview);
      } catch (failure) {
        if (current.signal.aborted) return;
        setError(errorText(failure));
      }
      setLoading('idle');
    },
    [audience, state, topic],
  );

  useEffect(() => {
    void load(undefined);
    return () => controller.current?.abort();
  }, [load]);

  return { rows, overview, next, loading, error, load };
}
