import { useId, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { SubscriberView } from '../../../../../shared/api-types';
import type { Audience } from '../../../../../shared/constants';
import { FormMessage } from '../../../components/form/FormMessage';
import { SUBSCRIBER_COPY } from '../copy';
import { useSubscriber } from '../use-subscriber';

interface SubscriberPageProps {
  audience: Audience;
  heading: string;
  intro: string;
  /** The page's form, once the subscriber of the address's id is known. */
  children: (subscriber: SubscriberView, id: string) => ReactNode;
}

/**
 * The frame of the pages reached from an email (spec §2): heading and intro, then a loading
 * line, the server's error in red (e.g. an unknown id), or the form for that subscriber.
 */
export function SubscriberPage({ audience, heading, intro, children }: SubscriberPageProps) {
  const headingId = useId();
  const { id } = useParams();
  const state = useSubscriber(audience, id);

  return (
    <section className="subscriber-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{heading}</h1>
      <p className="subscriber-intro">{intro}</p>
      {/* Space for the form is reserved while it loads, so nothing in view moves when it appears. */}
      <div className="subscriber-page__body">
        {state.status === 'loading' && (
          <p className="form-loading" role="status">
            {SUBSCRIBER_COPY.loading}
          </p>
        )}
        {state.status === 'failed' && <FormMessage kind="error" text={state.message} />}
        {state.status === 'ready' && id && (
          <>
            <p className="subscriber-identity">
              {SUBSCRIBER_COPY.subscribedAs} <strong>{state.subscriber.email}</strong>
            </p>
            {children(state.subscriber, id)}
          </>
        )}
      </div>
    </section>
  );
}
