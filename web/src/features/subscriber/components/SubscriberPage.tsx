import { useId, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { SubscriberView } from '#shared/api-types.ts';
import type { Audience } from '#shared/constants/audiences.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { SUBSCRIBER_COPY } from '../copy';
import { useSubscriber } from '../use-subscriber';

export interface LoadedSubscriber {
  subscriber: SubscriberView;
  id: string;
}

interface SubscriberPageProps {
  audience: Audience;
  heading: string;
  intro: string;
  /**
   * The page's form. It renders at once (and in the prerendered shell) with `loaded` undefined,
   * so the options show before the subscriber arrives; it becomes usable once `loaded` is set.
   */
  children: (loaded: LoadedSubscriber | undefined) => ReactNode;
}

/**
 * The frame of the pages reached from an email (docs/spec/site-spec.md#2-screens-and-routes):
 * heading and intro, then the form (shown at once, usable once the subscriber of the id has loaded)
 * under a line naming the address, or the server's error in red instead of the form (e.g. an
 * unknown id).
 */
export function SubscriberPage({ audience, heading, intro, children }: SubscriberPageProps) {
  const headingId = useId();
  const { id } = useParams();
  const state = useSubscriber(audience, id);

  return (
    <section className="subscriber-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{heading}</h1>
      <p className="subscriber-intro">{intro}</p>
      {/* Space for the form is reserved, so nothing in view moves when the subscriber loads. */}
      <div className="subscriber-page__body">
        {state.status === 'failed' ? (
          <FormMessage kind="error" text={state.message} />
        ) : (
          <>
            {state.status === 'ready' ? (
              <p className="subscriber-identity">
                {SUBSCRIBER_COPY.subscribedAs} <strong>{state.subscriber.email}</strong>
              </p>
            ) : (
              <p className="form-loading" role="status">
                {SUBSCRIBER_COPY.loading}
              </p>
            )}
            {children(state.status === 'ready' && id ? { subscriber: state.subscriber, id } : undefined)}
          </>
        )}
      </div>
    </section>
  );
}
