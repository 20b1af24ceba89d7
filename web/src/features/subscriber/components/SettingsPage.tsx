import { EMAIL_SETTINGS, UNSUBSCRIBE_ALL } from '#shared/constants/subscriber-options.ts';
import { API_SUCCESS, MODALS } from '#shared/constants/messages.ts';
import { type Audience } from '#shared/constants/audiences.ts';
import { CONSENT_TEXT } from '#shared/constants/consent.ts';
import { nowInUnixSeconds } from '#web/src/lib/unix-seconds.ts';
import { updateSubscriber } from '../api';
import { SUBSCRIBER_COPY } from '../copy';
import { preferencePayload } from '../payloads';
import { ChoicesForm, type ChoiceGroup } from './ChoicesForm';
import { SubscriberPage } from './SubscriberPage';

const COPY = SUBSCRIBER_COPY.settings;

const GROUPS: readonly ChoiceGroup[] = [
  { legend: COPY.preferencesLegend, options: EMAIL_SETTINGS },
  { legend: COPY.unsubscribeAllLegend, options: [UNSUBSCRIBE_ALL] },
];

/** /{audience}/setting/:id — the 3 email preferences plus unsubscribe-all. */
export function SettingsPage({ audience }: { audience: Audience }) {
  return (
    <SubscriberPage audience={audience} heading={COPY.heading} intro={COPY.intro}>
      {(loaded) => (
        <>
          <ChoicesForm
            groups={GROUPS}
            hint={COPY.hint}
            submitLabel={COPY.submit}
            modal={(answer) =>
              answer === API_SUCCESS.resubscribeConfirmationSent
                ? MODALS.resubscribeRequested
                : MODALS.preferencesUpdated
            }
            send={
              loaded &&
              (([emailSetting, unsubscribeAll]) =>
                updateSubscriber(
                  audience,
                  loaded.id,
                  preferencePayload(loaded.subscriber, emailSetting, unsubscribeAll, nowInUnixSeconds()),
                ))
            }
          />
          {/* The text a resubscribe's consent request records (docs/decisions/0002-consent-model.md). */}
          <p className="subscriber-alternative">{CONSENT_TEXT.preferencesPage}</p>
        </>
      )}
    </SubscriberPage>
  );
}
