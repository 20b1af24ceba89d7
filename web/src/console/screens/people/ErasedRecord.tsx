import type { ErasureView } from '#shared/console/people.ts';
import { dayText, whenText } from '../../kit/when';
import { audienceText } from '../../kit/subscriber-words';
import { ledgerDetails, type TimelineEntry } from './person-timeline';
import { ledgerTitle } from './person-words';
import { PersonTimeline } from './PersonTimeline';

/**
 * What an erasure kept (docs/decisions/0072-erasure.md): the suppression by hash, and, when
 * messages had been sent, the consent proof behind them and the list of those messages, with no
 * name or address, until the date it goes.
 */
export function ErasedRecord({ erasure }: { erasure: ErasureView }) {
  const consent: TimelineEntry[] = erasure.ledger.map((event, index) => ({
    key: `erased-${index}`,
    at: event.at,
    title: `${ledgerTitle(event)} (${audienceText(event.audience)})`,
    details: ledgerDetails(event),
  }));
  return (
    <section className="console-card" aria-labelledby="erased-heading">
      <h3 id="erased-heading">Erased on request, {whenText(erasure.erasedAt)}</h3>
      <p>
        Their messages, subscriptions and contact details were deleted. The address is kept only as a one-way code, so
        it is never emailed again.
      </p>
      {erasure.keptUntil === undefined ? (
        <p>No email had been sent under their consent, so no proof of consent was kept.</p>
      ) : (
        <>
          <p>
            Kept as proof of consent for the emails already sent (anti-spam law), without their name or address, until{' '}
            {dayText(erasure.keptUntil)}.
          </p>
          <PersonTimeline title="Consent kept as proof" entries={consent} />
          <h3>Emails sent under that consent</h3>
          <ul>
            {erasure.messagesSent.map((message, index) => (
              <li key={index}>
                {message.what}, {whenText(message.sentAt)}
                {message.messageId && ` (message id ${message.messageId})`}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="console-small">One-way code of the address: {erasure.mailboxHash}</p>
    </section>
  );
}
