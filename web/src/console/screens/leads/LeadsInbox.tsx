import { useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LEAD_VIEWS, type LeadSummary } from '#shared/console/leads.ts';
import { LoadMore } from '../../paging/LoadMore';
import { usePagedList } from '../../paging/use-paged-list';
import { ExportCsv } from './ExportCsv';
import { filtersAt, inboxLink, searchOf, searchTermOf } from './inbox-filters';
import { InboxFilterForm } from './InboxFilterForm';
import { LeadList } from './LeadList';
import { leadsPage } from './leads-api';
import { SpamRunPanel } from './SpamRunPanel';
import { VIEW_NAMES } from './lead-words';

/**
 * The leads inbox: newest first, 50 at a time, in one of three views (inbox, overdue, spam) and
 * narrowed by the filters and a search, kept with the page (./inbox-filters.ts) so a reload shows
 * the same.
 */
export function LeadsInbox() {
  const location = useLocation();
  const q = searchTermOf(location.state);
  const filters = filtersAt(new URLSearchParams(location.search), q);
  const search = searchOf(filters);
  const view = filters.view ?? 'inbox';
  const loadPage = useCallback(
    (cursor: string | undefined, signal: AbortSignal) =>
      leadsPage(filtersAt(new URLSearchParams(search), q), cursor, signal),
    [search, q],
  );
  // The query string cannot hold a space, so this names the filters and the search unambiguously.
  const shown = `${search} ${q ?? ''}`;
  // A run that marked leads as spam reloads the list: they have left this view.
  const [spamRuns, setSpamRuns] = useState(0);
  const list = usePagedList<LeadSummary>(loadPage, `${shown} ${spamRuns}`);
  const filtered = Object.keys(filters).some((field) => field !== 'view');

  return (
    <>
      <h1>Leads</h1>
      <p className="console-lede">
        Everyone who sent the scorecard or the contact/sign-up form, newest first. Open a lead to follow it up.
      </p>
      <nav aria-label="Views" className="console-views">
        <ul>
          {LEAD_VIEWS.map((name) => (
            <li key={name}>
              <Link
                {...inboxLink({ ...filters, view: name })}
                className="console-views__link"
                aria-current={name === view ? 'page' : undefined}
              >
                {VIEW_NAMES[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <InboxFilterForm key={shown} filters={filters} />
      <ExportCsv filters={filters} />
      <SpamRunPanel
        key={`spam-run ${shown}`}
        filters={filters}
        shownIds={list.items.map((lead) => lead.id)}
        where={filtered ? 'that match these filters' : `of ${view === 'overdue' ? 'the overdue view' : 'the inbox'}`}
        onMarked={() => setSpamRuns((runs) => runs + 1)}
      />
      <div aria-live="polite">
        {list.loading === 'first' && <p role="status">Loading the leads…</p>}
        {list.loading !== 'first' && list.items.length === 0 && !list.error && !list.next && (
          <p className="console-empty">{emptyText(view, filtered)}</p>
        )}
      </div>
      {list.items.length > 0 && (
        <LeadList leads={list.items} caption={`${VIEW_NAMES[view]}, newest first`} back={search} q={q} />
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
