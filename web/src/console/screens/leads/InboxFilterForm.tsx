import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AUDIENCES } from '#shared/constants/audiences.ts';
import { FOLLOW_UP_STATUSES, LEAD_FORMS } from '#shared/console/leads.ts';
import { inboxLink } from './inbox-filters';
import type { InboxFilters } from './leads-api';
import { AUDIENCE_NAMES, FORM_NAMES, STATUS_NAMES } from './lead-words';

/**
 * The inbox's filters and search. Applied on "Show leads" (not on every change, so moving
 * through a list with the arrow keys does not reload the inbox each step); they go into the
 * address and the search into its history entry (./inbox-filters.ts), which the inbox reads.
 * Keyed by both above it, so Back shows the filters of then. On a phone the five choices fold
 * behind "Filters" (open when one is chosen), so the leads start on the first screen.
 */
export function InboxFilterForm({ filters }: { filters: InboxFilters }) {
  const navigate = useNavigate();
  const chosen = CHOICES.filter((name) => filters[name]).length;
  const [open, setOpen] = useState(chosen > 0);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const { to, state } = inboxLink({ ...chosen, view: filters.view });
    navigate(to, { state });
  };
  const choice = (name: 'form' | 'audience' | 'status', label: string, options: Record<string, string>) => (
    <div className="form-field">
      <label className="form-label" htmlFor={`lead-filter-${name}`}>
        {label}
      </label>
      <select id={`lead-filter-${name}`} name={name} className="form-control" defaultValue={filters[name] ?? ''}>
        <option value="">Any</option>
        {Object.entries(options).map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form className="console-filters" role="search" aria-label="Filter the leads" onSubmit={apply}>
      <div className="form-field console-filters__search">
        <label className="form-label" htmlFor="lead-filter-q">
          Search by name, email or organization
        </label>
        <input
          id="lead-filter-q"
          name="q"
          type="search"
          className="form-control"
          maxLength={100}
          defaultValue={filters.q ?? ''}
        />
      </div>
      <div id="lead-filter-more" className={`console-filters__more${open ? '' : ' console-filters__more--closed'}`}>
        {choice('form', 'Form', pick(LEAD_FORMS, FORM_NAMES))}
        {choice('audience', 'Audience', pick(AUDIENCES, AUDIENCE_NAMES))}
        {choice('status', 'Status', pick(FOLLOW_UP_STATUSES, STATUS_NAMES))}
        <div className="form-field">
          <label className="form-label" htmlFor="lead-filter-from">
            Received from
          </label>
          <input
            id="lead-filter-from"
            name="from"
            type="date"
            className="form-control"
            defaultValue={filters.from ?? ''}
          />
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor="lead-filter-to">
            Received until
          </label>
          <input id="lead-filter-to" name="to" type="date" className="form-control" defaultValue={filters.to ?? ''} />
        </div>
      </div>
      <div className="console-filters__actions">
        <button type="submit" className="button button--primary">
          Show leads
        </button>
        <button
          type="button"
          className="button button--secondary console-filters__toggle"
          aria-expanded={open}
          aria-controls="lead-filter-more"
          onClick={() => setOpen(!open)}
        >
          {chosen > 0 ? `Filters (${chosen} chosen)` : 'Filters'}
        </button>
        <Link {...inboxLink({ view: filters.view })} className="console-filters__clear">
          Clear filters
        </Link>
      </div>
    </form>
  );
}

/** The filters besides the search, folded on a phone. */
const CHOICES = ['form', 'audience', 'status', 'from', 'to'] as const;

/** The options of a list of values, in the list's order, each in the owners' words. */
const pick = <V extends string>(values: readonly V[], words: Record<V, string>) =>
  Object.fromEntries(values.map((value) => [value, words[value]]));
