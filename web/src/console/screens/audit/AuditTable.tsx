import type { AuditEntry } from '#shared/console/audit.ts';
import { isoTime, whenText } from '../../kit/when';

/**
 * The log as a table: four columns on a wide screen; at phone width each row becomes a block
 * whose cells carry their column's name (console.css, the data-label attributes), so nothing
 * scrolls sideways at 390 px.
 */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <table className="console-table">
      <caption className="visually-hidden">Audit log, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What happened</th>
          <th scope="col">About</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td data-label="When">
              <time dateTime={isoTime(entry.at)}>{whenText(entry.at)}</time>
            </td>
            <td data-label="Who" className="console-table__wrap">
              {entry.actor}
            </td>
            <td data-label="What happened">{entry.summary}</td>
            <td data-label="About" className="console-table__wrap">
              {entry.target ?? '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
