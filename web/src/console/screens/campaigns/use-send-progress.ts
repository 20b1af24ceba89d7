import { useCallback, useEffect, useRef, useState } from 'react';
import type { SendProgress } from '#shared/console/campaigns.ts';
import { errorText } from '#web/src/lib/api-client.ts';
import { sendProgressOf } from './campaigns-api';
import { sendStage } from './send-words';

/**
 * How often a send not yet finished is read again (one GetItem each): often enough for a bar
 * that moves at SES's rate, rare enough for a tab left open all day.
 */
export const PROGRESS_EVERY_MS = 3000;

/**
 * A send's progress, read on opening and then every PROGRESS_EVERY_MS until it is sent. Reading
 * stops while the tab is hidden (read again once it is shown) and when the page is left; a failed
 * read is said and retried at the next turn. `show` puts an answer of pause or resume on screen.
 * The timed re-reads say they are background reads: a tab left open on a sending campaign does
 * not keep the owner signed in (docs/decisions/0071-console-sessions.md).
 */
export function useSendProgress(slug: string) {
  const [progress, setProgress] = useState<SendProgress>();
  const [error, setError] = useState('');
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const read = useCallback(
    async (background = false) => {
      clearTimeout(timer.current);
      controller.current?.abort();
      const current = (controller.current = new AbortController());
      let next: SendProgress | undefined;
      try {
        next = await sendProgressOf(slug, current.signal, background);
        setProgress(next);
        setError('');
      } catch (failure) {
        if (current.signal.aborted) return;
        setError(errorText(failure));
      }
      const finished = next !== undefined && sendStage(next) === 'sent';
      if (!finished && document.visibilityState === 'visible')
        timer.current = setTimeout(() => void read(true), PROGRESS_EVERY_MS);
    },
    [slug],
  );

  useEffect(() => {
    void read();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void read();
      else {
        clearTimeout(timer.current);
        controller.current?.abort();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(timer.current);
      controller.current?.abort();
    };
  }, [read]);

  const refresh = useCallback(() => read(), [read]);
  return { progress, error, refresh, show: setProgress };
}

export type SendProgressReading = ReturnType<typeof useSendProgress>;
