import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LEAD_VIEWS, type LeadSummary } from '#shared/console-leads.ts';
import { LoadMore } from '../../paging/LoadMore';
import { usePagedList } from '../../paging/use-paged-list';
import { ExportCsv } from './ExportCsv';
import { filtersFrom, searchOf } from './inbox-filters';
import { InboxFilterForm } from './InboxFilterForm';
import { LeadList } from './LeadList';
import { leadsPage } from './leads-api';
import { VIEW_NAMES } from './lead-words';

/**
 * The leads inbox: newest first, 50 at a time, in one of three views (inbox, overdue, spam) and
 * narrowed by the filters, all kept in the address so a reload or a shared link shows the same.
 */
export function LeadsInbox() {
  const [searchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const search = searchOf(filters);
  const view = filters.view ?? 'inbox';
  const loadPage = useCallback(
    (cursor: string | undefined, signal: AbortSignal) =>
      leadsPage(filtersFrom(new URLSearchParams(search)), cursor, signal),
    [search],
  );
  const list = usePagedList<LeadSummary>(loadPage, search);
  const filtered = Object.keys(filters).some((field) => field !== 'view');

  return (
    <>
      <h1>Leads</h1>
      <p className="console-lede">
        Everyone who sent the scorecard or the contact form, newest first. Open a lead to follow it up.
      </p>
      <nav aria-label="Views" className="console-views">
        <ul>
          {LEAD_VIEWS.map((name) => (
            <li key={name}>
              <Link
                to={{ search: searchOf({ ...filters, view: name }) }}
                className="console-views__link"
                aria-current={name === view ? 'page' : undefined}
              >
                {VIEW_NAMES[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <InboxFilterForm key={search} filters={filters} />
      <ExportCsv filters={filters} />
      <div aria-live="polite">
        {list.loading === 'first' && <p role="status">Loading the leads…</p>}
        {list.loading !== 'first' && list.items.length === 0 && !list.error && !list.next && (
          <p className="console-empty">{emptyText(view, filtered)}</p>
        )}
      </div>
      {list.items.length > 0 && (
        <LeadList leads={list.items} caption={`${VIEW_NAMES[view]}, newest first`} back={search} />
      )}
      <LoadMore list={list} endText="That is every lead of this view." />
    </>
  );
}

const emptyText = (view: string, filtered: boolean) => {
  if (filtered) return 'No leads match these filters. Change or clear them to see more.';
  if (view === 'overdue') return 'Nothing is overdue: no lead has a follow-up date before today.';
  if (view === 'spam') return 'Nothing is marked as spam.';
  return 'No leads yet. They appear here as soon as someone sends a form.';
};
