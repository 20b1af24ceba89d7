import type { SendProgress } from '#shared/console/campaigns.ts';
import { countText } from '../../kit/when';
import { peopleText, RESULT_COLUMNS } from './send-words';

/**
 * What became of a campaign's emails, from Amazon SES's events, and who unsubscribed since: the
 * whole campaign, why they left (the reasons in the unsubscribe page's own words, from the API),
 * and each firm day. Counts of people only: nothing of opening or clicking is measured, for
 * anyone, and no one's own reasons are shown.
 */
export function SendResultsTables({ progress }: { progress: SendProgress }) {
  return (
    <>
      <h3>Results</h3>
      <p className="console-small">
        From Amazon SES’s reports, each person counted once. Whether people open the email or click its links is not
        measured.
      </p>
      <div className="console-send__results">
        <table className="console-table console-counts">
          <caption>The whole campaign</caption>
          <thead>
            <tr>
              <th scope="col">What happened</th>
              <th scope="col">People</th>
            </tr>
          </thead>
          <tbody>
            {RESULT_COLUMNS.map(({ key, label }) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td data-label="People">{countText(progress.results[key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <UnsubscribeReasons progress={progress} />
        {progress.perDay.length === 0 ? (
          <p>No reports from Amazon SES yet: they arrive within minutes of each email.</p>
        ) : (
          <table className="console-table console-counts">
            <caption>Each day (Alberta)</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {RESULT_COLUMNS.map(({ key, label }) => (
                  <th key={key} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {progress.perDay.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{day.day}</th>
                  {RESULT_COLUMNS.map(({ key, label }) => (
                    <td key={key} data-label={label}>
                      {countText(day[key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}

function UnsubscribeReasons({ progress }: { progress: SendProgress }) {
  if (progress.results.unsubscribed === 0) return <p>Nobody has unsubscribed since this campaign reached them.</p>;
  return (
    <section aria-labelledby="unsubscribe-reasons">
      <h4 id="unsubscribe-reasons">Why they unsubscribed</h4>
      <p className="console-small">
        What the {peopleText(progress.results.unsubscribed)} who unsubscribed since gave as their reasons, counted
        together (one person may give several).
      </p>
      <ul>
        {progress.unsubscribeReasons.map(({ reason, label, count }) => (
          <li key={reason}>
            {reason === 'none' ? label : `“${label}”`}: {peopleText(count)}
          </li>
        ))}
      </ul>
    </section>
  );
}
