import { ConfirmPage } from '../../features/confirmation/components/ConfirmPage';
import { useRouteHandle } from '../route-handle';

/** The confirmation pages of the two audiences; the route's handle says which. */
export default function ConfirmRoute() {
  const confirmation = useRouteHandle()?.confirmation;
  if (!confirmation) throw new Error('A confirmation route must say its audience in the route handle');
  return (
    <div className="container page-section narrow">
      <ConfirmPage audience={confirmation.audience} />
    </div>
  );
}
