import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SITE_RANGE_PRESETS, siteRangeProblem, type SiteRangeQuery } from '#shared/console/site.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { presetQuery, type RangeChoice } from './site-range';

/**
 * The days the screen shows: the last 7, 30 or 90 (links, so each is an address of its own), or
 * the first and last day the owner chooses. Days are the firm's, midnight to midnight in Alberta.
 */
export function RangeChooser({
  choice,
  today,
  onChoose,
}: {
  choice: RangeChoice;
  today: string;
  onChoose: (range: SiteRangeQuery) => void;
}) {
  return (
    <>
      <nav className="console-views" aria-label="Days shown">
        <ul>
          {SITE_RANGE_PRESETS.map((days) => (
            <li key={days}>
              <Link
                to={`/site${presetQuery(days)}`}
                className="console-views__link"
                aria-current={choice.preset === days ? 'page' : undefined}
              >
                {`Last ${days} days`}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed by the range shown: its fields show it, and a refusal goes once another range is shown. */}
      <CustomRange
        key={`${choice.range?.from}-${choice.range?.to}`}
        choice={choice}
        today={today}
        onChoose={onChoose}
      />
      <p className="console-small">Days run from midnight to midnight, Alberta time.</p>
    </>
  );
}

function CustomRange({
  choice,
  today,
  onChoose,
}: {
  choice: RangeChoice;
  today: string;
  onChoose: (range: SiteRangeQuery) => void;
}) {
  // A range the address asks for and the rules refuse (typed in by hand) is said here too.
  const [problem, setProblem] = useState(choice.problem ?? '');
  const custom = choice.preset === undefined;
  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const range = { from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') };
    const refused = siteRangeProblem(range, today) ?? '';
    setProblem(refused);
    if (!refused) onChoose(range);
  };

  return (
    <form className="console-filters site-range" aria-label="Choose the days" noValidate onSubmit={choose}>
      <div className="form-field">
        <label className="form-label" htmlFor="site-range-from">
          First day
        </label>
        <input
          id="site-range-from"
          name="from"
          type="date"
          className="form-control"
          max={today}
          defaultValue={custom ? choice.range?.from : ''}
        />
      </div>
      <div className="form-field">
        <label className="form-label" htmlFor="site-range-to">
          Last day
        </label>
        <input
          id="site-range-to"
          name="to"
          type="date"
          className="form-control"
          max={today}
          defaultValue={custom ? choice.range?.to : ''}
        />
      </div>
      <div className="console-filters__actions">
        <button type="submit" className="button button--secondary">
          Show these days
        </button>
      </div>
      {problem && (
        <div className="site-range__problem">
          <FormMessage kind="error" text={problem} />
        </div>
      )}
    </form>
  );
}
