import { useCallback, useEffect, useRef, useState } from 'react';
import type { PersonRecord } from '#shared/console/people.ts';
import { errorText } from '#web/src/lib/api-client.ts';
import { personRecord } from './people-api';

export type RecordState =
  | { status: 'loading'; record?: PersonRecord }
  | { status: 'loaded'; record: PersonRecord }
  | { status: 'failed'; error: string; record?: PersonRecord };

/**
 * A person's record, loaded when the page opens and again after an action changed it
 * (`reload`). A reload keeps the record shown until the new one arrives; a failure keeps it too.
 */
export function usePersonRecord(email: string) {
  const [state, setState] = useState<RecordState>({ status: 'loading' });
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    controller.current?.abort();
    const current = (controller.current = new AbortController());
    setState((shown) => ({ status: 'loading', record: shown.record }));
    try {
      const record = await personRecord(email, current.signal);
      setState({ status: 'loaded', record });
    } catch (failure) {
      if (current.signal.aborted) return;
      setState((shown) => ({ status: 'failed', error: errorText(failure), record: shown.record }));
    }
  }, [email]);

  useEffect(() => {
    void reload();
    return () => controller.current?.abort();
  }, [reload]);

  return { state, reload };
}
