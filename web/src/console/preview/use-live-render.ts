import { useEffect, useRef, useState } from 'react';
import { errorText } from '#web/src/lib/api-client.ts';

/** How long the owner pauses typing before a preview is asked for (each is a render on the server). */
export const PREVIEW_PAUSE_MS = 700;

export type PreviewState<T> =
  | { status: 'waiting'; reason: string }
  | { status: 'loading'; preview?: T }
  | { status: 'ready'; preview: T }
  | { status: 'failed'; error: string; preview?: T };

/**
 * What the server answers for what is typed, saved or not (a campaign's email, a post's page, whether
 * a post's address is free):
 * asked for once the owner has paused typing, the previous request cancelled when they type again,
 * so the preview never shows an older text after a newer one. While a new one loads the last one
 * stays on screen. `typed` names what is typed (a new one asks again); while `problem` says what
 * the schema refuses, nothing is sent and the preview says what is missing instead.
 */
export function useLiveRender<T>(
  typed: string,
  problem: string | undefined,
  ask: (signal: AbortSignal) => Promise<T>,
  pauseMs = PREVIEW_PAUSE_MS,
): PreviewState<T> {
  const [state, setState] = useState<PreviewState<T>>({ status: 'waiting', reason: '' });
  // The call for the latest render: the effect runs again only when what is typed changes.
  const latest = useRef(ask);
  latest.current = ask;

  useEffect(() => {
    if (problem !== undefined) {
      setState({ status: 'waiting', reason: problem });
      return;
    }
    const controller = new AbortController();
    const kept = (current: PreviewState<T>) => ('preview' in current ? current.preview : undefined);
    const timer = setTimeout(() => {
      setState((current) => ({ status: 'loading', preview: kept(current) }));
      latest.current(controller.signal).then(
        (preview) => setState({ status: 'ready', preview }),
        (error: unknown) => {
          if (!controller.signal.aborted)
            setState((current) => ({ status: 'failed', error: errorText(error), preview: kept(current) }));
        },
      );
    }, pauseMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed, problem, pauseMs]);

  return state;
}
