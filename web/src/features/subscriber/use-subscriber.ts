import { useEffect, useState } from 'react';
import type { SubscriberView } from '#shared/api-types.ts';
import { API_ERRORS } from '#shared/constants/messages.ts';
import { type Audience } from '#shared/constants/audiences.ts';
import { errorText } from '../../lib/api-client';
import { loadSubscriber } from './api';

export type SubscriberState =
  { status: 'loading' } | { status: 'ready'; subscriber: SubscriberView } | { status: 'failed'; message: string };

/**
 * Loads the subscriber of the page's id. It starts in 'loading' and fetches in an effect,
 * so the prerendered shell and the first client render are the same HTML.
 */
export function useSubscriber(audience: Audience, id: string | undefined): SubscriberState {
  const [state, setState] = useState<SubscriberState>({ status: 'loading' });

  useEffect(() => {
    if (!id) {
      setState({ status: 'failed', message: API_ERRORS.subscriberNotFound });
      return;
    }
    const controller = new AbortController();
    setState((current) => (current.status === 'loading' ? current : { status: 'loading' }));
    loadSubscriber(audience, id, controller.signal).then(
      (subscriber) => setState({ status: 'ready', subscriber }),
      (error: unknown) => {
        // A newer id (or leaving the page) cancelled this load; its result no longer matters.
        if (!controller.signal.aborted) setState({ status: 'failed', message: errorText(error) });
      },
    );
    return () => controller.abort();
  }, [audience, id]);

  return state;
}
