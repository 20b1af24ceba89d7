import { SettingsPage } from '../../features/subscriber/components/SettingsPage';
import { UnsubscribePage } from '../../features/subscriber/components/UnsubscribePage';
import { useRouteHandle } from '../route-handle';

/**
 * The four subscriber pages (docs/spec/site-spec.md#2-screens-and-routes); the route's handle picks
 * the form and audience.
 */
export default function SubscriberRoute() {
  const subscriber = useRouteHandle()?.subscriber;
  if (!subscriber) throw new Error('A subscriber route must say its form and audience in the route handle');
  return (
    <div className="container page-section narrow">
      {subscriber.form === 'unsubscribe' ? (
        <UnsubscribePage audience={subscriber.audience} />
      ) : (
        <SettingsPage audience={subscriber.audience} />
      )}
    </div>
  );
}
