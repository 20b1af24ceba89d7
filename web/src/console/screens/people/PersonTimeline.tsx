import { useId } from 'react';
import { Link } from 'react-router-dom';
import { CONSOLE_PAGE } from '#shared/console/common.ts';
import { consoleLeadPath } from '#shared/console/leads.ts';
import { isoTime, whenText } from '../../kit/when';
import type { TimelineEntry } from './person-timeline';

/** The lead's page inside the console's router (its basename is /admin already). */
const leadRoute = (id: string) => consoleLeadPath(id).slice(CONSOLE_PAGE.length);

/** The person's history, oldest first: each entry its time, what happened, and the proof. */
export function PersonTimeline({ entries, title }: { entries: TimelineEntry[]; title: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {entries.length === 0 ? (
        <p>Nothing has happened with this address.</p>
      ) : (
        <ol className="console-timeline">
          {entries.map((entry) => (
            <li key={entry.key} className="console-timeline__entry">
              <p className="console-timeline__when">
                <time dateTime={isoTime(entry.at)}>{whenText(entry.at)}</time>
              </p>
              <p className="console-timeline__what">{entry.title}</p>
              {entry.details.length > 0 && (
                <dl className="console-details">
                  {entry.details.map(([label, value]) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {entry.leadId && <Link to={leadRoute(entry.leadId)}>Open this message in Leads</Link>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
