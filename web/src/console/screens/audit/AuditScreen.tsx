import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditEntry } from '#shared/console-api.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { errorText } from '#web/src/lib/api-client.ts';
import { auditPage } from './audit-api';
import { AuditTable } from './AuditTable';

type Loading = 'first' | 'more' | 'idle';

/**
 * The audit log: every sign-in, view, export and change, newest first, 50 at a time with
 * "Load more". A failed load keeps what is shown and says why; pressing the button tries again.
 */
export default function AuditScreen() {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<string | undefined>();
  const [loading, setLoading] = useState<Loading>('first');
  const [error, setError] = useState('');
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(async (cursor: string | undefined) => {
    controller.current?.abort();
    const current = (controller.current = new AbortController());
    setLoading(cursor ? 'more' : 'first');
    setError('');
    try {
      const page = await auditPage(cursor, current.signal);
      setEntries((shown) => (cursor ? [...shown, ...page.items] : page.items));
      setNext(page.next);
    } catch (failure) {
      if (current.signal.aborted) return;
      setError(errorText(failure));
    }
    setLoading('idle');
  }, []);

  useEffect(() => {
    void load(undefined);
    return () => controller.current?.abort();
  }, [load]);

  const loadedOnce = loading !== 'first';
  return (
    <>
      <h1>Audit log</h1>
      <p className="console-lede">
        Everything done in the console, and every sign-in and failed attempt, newest first. Entries cannot be changed or
        deleted.
      </p>
      {loading === 'first' && <p role="status">Loading the audit log…</p>}
      {loadedOnce && entries.length === 0 && !error && <p>The log is empty.</p>}
      {entries.length > 0 && <AuditTable entries={entries} />}
      {error && <FormMessage kind="error" text={error} />}
      {loadedOnce && (next || error) && (
        <button
          type="button"
          className="button button--secondary console-more"
          disabled={loading === 'more'}
          onClick={() => void load(error && entries.length === 0 ? undefined : next)}
        >
          {loading === 'more' ? 'Loading…' : error ? 'Try again' : 'Load more'}
        </button>
      )}
      {loadedOnce && !next && !error && entries.length > 0 && <p className="console-end">That is the whole log.</p>}
    </>
  );
}
