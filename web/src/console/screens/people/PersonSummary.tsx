import type { PersonRecord } from '#shared/console/people.ts';
import { dayText } from '../../kit/when';
import { audienceText, stateText, topicText } from '../../kit/subscriber-words';

/** Where the person stands today, per list, before the history that explains it. */
export function PersonSummary({ record }: { record: PersonRecord }) {
  const nothing =
    record.subscriptions.length + record.leads.length + record.campaignEmails.length === 0 && !record.erasure;
  return (
    <div className="console-card">
      <h3>Where they stand now</h3>
      {nothing && !record.suppression && (
        <p>The firm holds nothing about this address: no message, no subscription, no email sent.</p>
      )}
      {record.suppression && (
        <p className="console-notice">
          This address is suppressed since {dayText(record.suppression.at)}: no email of any kind goes to it.
        </p>
      )}
      {record.subscriptions.length === 0 && !nothing && <p>They are on no mailing list.</p>}
      {record.subscriptions.length > 0 && (
        <table className="console-table">
          <caption className="visually-hidden">Their subscriptions</caption>
          <thead>
            <tr>
              <th scope="col">List</th>
              <th scope="col">State</th>
              <th scope="col">Gets</th>
              <th scope="col">Since</th>
            </tr>
          </thead>
          <tbody>
            {record.subscriptions.map((subscription) => (
              <tr key={subscription.subscriberId}>
                <td data-label="List">{audienceText(subscription.audience)}</td>
                <td data-label="State">
                  {stateText(subscription.state)}
                  {subscription.impliedUntil !== undefined &&
                    subscription.state === 'implied' &&
                    `, until ${dayText(subscription.impliedUntil)}`}
                </td>
                <td data-label="Gets">{subscription.topics.map(topicText).join(', ') || 'nothing'}</td>
                <td data-label="Since">{dayText(subscription.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
