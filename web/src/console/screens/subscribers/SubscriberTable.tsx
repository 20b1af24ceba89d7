import { Link } from 'react-router-dom';
import type { SubscriberRow } from '#shared/console/subscribers.ts';
import { personLink } from '../people/person-location';
import { audienceText, stateText, topicText } from '../../kit/subscriber-words';
import { dayText } from '../../kit/when';

/**
 * Subscribers as a table (a block per row at phone width, console.css). Each address opens the
 * person's page, with the address in the link's state, not its URL.
 */
export function SubscriberTable({
  rows,
  caption,
  showEnd = false,
}: {
  rows: SubscriberRow[];
  caption: string;
  showEnd?: boolean;
}) {
  return (
    <table className="console-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Person</th>
          <th scope="col">List</th>
          <th scope="col">State</th>
          <th scope="col">Gets</th>
          <th scope="col">{showEnd ? 'Consent ends' : 'Since'}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.audience}-${row.email}`}>
            <td data-label="Person" className="console-table__wrap">
              <Link {...personLink(row.email)}>{row.email}</Link>
              {(row.firstName || row.lastName) && (
                <span className="console-small"> {`${row.firstName} ${row.lastName}`.trim()}</span>
              )}
            </td>
            <td data-label="List">{audienceText(row.audience)}</td>
            <td data-label="State">{stateText(row.state)}</td>
            <td data-label="Gets">{row.topics.map(topicText).join(', ') || 'nothing'}</td>
            <td data-label={showEnd ? 'Consent ends' : 'Since'}>
              {dayText(showEnd && row.impliedUntil !== undefined ? row.impliedUntil : row.since)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
