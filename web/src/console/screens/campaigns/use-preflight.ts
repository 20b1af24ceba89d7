import { useCallback, useEffect, useRef, useState } from 'react';
import { BLOCKING_CHECKS, type Preflight } from '#shared/console/campaigns.ts';
import { errorText } from '#web/src/lib/api-client.ts';
import { preflightOf } from './campaigns-api';

export interface PreflightState {
  result?: Preflight;
  error: string;
  checking: boolean;
  check(): Promise<void>;
}

/**
 * The checks of the stored draft, run when it opens, again for each new saved version, and on
 * "Check again": one result for the checklist and the send panel, which refuses what it blocks.
 */
export function usePreflight(slug: string, version: number): PreflightState {
  const [result, setResult] = useState<Preflight>();
  const [error, setError] = useState('');
  const [checking, setChecking] = useState(true);
  const controller = useRef<AbortController | null>(null);

  const check = useCallback(async () => {
    controller.current?.abort();
    const current = (controller.current = new AbortController());
    setChecking(true);
    setError('');
    try {
      setResult(await preflightOf(slug, current.signal));
    } catch (failure) {
      if (!current.signal.aborted) setError(errorText(failure));
    } finally {
      if (!current.signal.aborted) setChecking(false);
    }
  }, [slug]);

  // Each saved version is checked anew.
  useEffect(() => {
    void check();
    return () => controller.current?.abort();
  }, [check, version]);

  return { result, error, checking, check };
}

/** The checks of a result whose problem stops a send (BLOCKING_CHECKS), in the checklist's order. */
export const blockingProblems = (result: Preflight) =>
  result.checks.filter((item) => !item.ok && BLOCKING_CHECKS.includes(item.id));
