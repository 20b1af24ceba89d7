import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '#web/src/lib/api-client.ts';

/**
 * One thing a screen shows, loaded on mount and again on `reload` (after a change someone else
 * made, or "Try again"): the previous request is cancelled, so an old answer never replaces a
 * newer one. `load` must be stable (useCallback on what it depends on): a new one loads again.
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>) {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState('');
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    controller.current?.abort();
    const current = (controller.current = new AbortController());
    try {
      setValue(await load(current.signal));
      setError('');
    } catch (failure) {
      if (!current.signal.aborted) setError(errorText(failure));
    }
  }, [load]);

  useEffect(() => {
    void reload();
    return () => controller.current?.abort();
  }, [reload]);

  return { value, setValue, error, reload };
}
