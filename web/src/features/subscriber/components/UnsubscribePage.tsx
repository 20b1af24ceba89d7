import { Link, useLocation } from 'react-router-dom';
import { MODALS } from '#shared/constants/messages.ts';
import { UNSUBSCRIBE_REASONS } from '#shared/constants/subscriber-options.ts';
import { type Audience } from '#shared/constants/audiences.ts';
import { emailPagePath, preferencesTokenOfHash } from '#shared/paths.ts';
import { nowInUnixSeconds } from '#web/src/lib/unix-seconds.ts';
import { updateSubscriber } from '../api';
import { SUBSCRIBER_COPY } from '../copy';
import { unsubscribePayload } from '../payloads';
import { ChoicesForm, type ChoiceGroup } from './ChoicesForm';
import { SubscriberPage } from './SubscriberPage';

const COPY = SUBSCRIBER_COPY.unsubscribe;

/** One group of the 7 reasons, in each audience's own order (docs/spec/site-spec.md#3-entities-and-their-fields). */
const REASON_GROUPS: Record<Audience, readonly ChoiceGroup[]> = {
  candidate: [{ legend: COPY.legend, options: UNSUBSCRIBE_REASONS.candidate }],
  employer: [{ legend: COPY.legend, options: UNSUBSCRIBE_REASONS.employer }],
};

/** /unsubscribe/{audience}/:id — the reasons form; the variants differ only by data. */
export function UnsubscribePage({ audience }: { audience: Audience }) {
  // The emailed link carries the preferences page's own token after '#' (shared/paths.ts,
  // unsubscribePagePath); a link without it (a subscriber from before tokens had purposes) has
  // one id for both pages.
  const preferencesToken = preferencesTokenOfHash(useLocation().hash);
  return (
    <SubscriberPage audience={audience} heading={COPY.heading} intro={COPY.intro}>
      {(loaded) => (
        <>
          <ChoicesForm
            groups={REASON_GROUPS[audience]}
            hint={COPY.hint}
            submitLabel={COPY.submit}
            modal={MODALS.unsubscribed}
            send={
              loaded &&
              (([reasons]) =>
                updateSubscriber(
                  audience,
                  loaded.id,
                  unsubscribePayload(audience, loaded.subscriber, reasons, nowInUnixSeconds()),
                ))
            }
          />
          {/* Built from the real token, so it appears once loaded (the prerendered shell has none). */}
          {loaded && (
            <p className="subscriber-alternative">
              {COPY.settingsLinkBefore}
              <Link to={emailPagePath('settings', audience, preferencesToken ?? loaded.id)}>
                {COPY.settingsLinkText}
              </Link>
              {COPY.settingsLinkAfter}
            </p>
          )}
        </>
      )}
    </SubscriberPage>
  );
}
