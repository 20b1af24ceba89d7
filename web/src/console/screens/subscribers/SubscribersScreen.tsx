import { useSearchParams } from 'react-router-dom';
import type { SubscribersOverview } from '#shared/console/subscribers.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { ExportButton } from '../../export/ExportButton';
import { SubscriberCounts } from './SubscriberCounts';
import { SubscriberFilters } from './SubscriberFilters';
import { filterFromQuery } from './subscriber-filter';
import { SubscriberTable } from './SubscriberTable';
import { subscribersCsvPart } from './subscribers-api';
import { useSubscriberList } from './use-subscriber-list';

/**
 * The Subscribers screen (issue 19 §5): the counts, the implied consents ending within 30 days,
 * and the list, filtered by list, state and topic (kept in the URL's query), 50 at a time, and
 * exported as CSV exactly as filtered.
 */
export default function SubscribersScreen() {
  const [query, setQuery] = useSearchParams();
  const filter = filterFromQuery(query);
  const list = useSubscriberList(filter);

  return (
    <>
      <h1>Subscribers</h1>
      <p className="console-lede">
        Who is on the firm&apos;s mailing lists, who a campaign would reach, and whose implied consent ends soon.
      </p>
      <Overview overview={list.overview} failed={list.error !== ''} />
      {/*
        The list appears with the counts (they come in one answer), or with the reason they could
        not come: the counts never arrive above a list the owner may be pressing, moving it down.
      */}
      {(list.overview || list.error) && (
        <section aria-labelledby="list-heading">
          <h2 id="list-heading">The list</h2>
          <SubscriberFilters filter={filter} onChange={(next) => setQuery(next, { replace: true })} />
          <ExportButton
            label="Export this view as CSV"
            noun="subscriber"
            view={JSON.stringify(filter)}
            ask={(cursor) => subscribersCsvPart(filter, cursor)}
          />
          {list.loading === 'first' && <p role="status">Loading the list…</p>}
          {list.loading !== 'first' && list.rows.length === 0 && !list.error && <p>No one matches this view.</p>}
          {list.rows.length > 0 && <SubscriberTable caption="Subscribers, newest first" rows={list.rows} />}
          {list.error && <FormMessage kind="error" text={list.error} />}
          {list.loading !== 'first' && (list.next || list.error) && (
            <button
              type="button"
              className="button button--secondary console-more"
              disabled={list.loading === 'more'}
              onClick={() => void list.load(list.error && list.rows.length === 0 ? undefined : list.next)}
            >
              {list.loading === 'more' ? 'Loading…' : list.error ? 'Try again' : 'Load more'}
            </button>
          )}
          {list.loading === 'idle' && !list.next && !list.error && list.rows.length > 0 && (
            <p className="console-end">That is everyone in this view ({list.rows.length}).</p>
          )}
        </section>
      )}
    </>
  );
}

/** The counts and the implied consents ending soon, from the list's first page. */
function Overview({ overview, failed }: { overview: SubscribersOverview | undefined; failed: boolean }) {
  // Without counts after a failure, the list's own message says what went wrong and offers a retry.
  if (!overview && failed) return null;
  if (!overview) return <p role="status">Counting the subscribers…</p>;
  return (
    <>
      <section aria-labelledby="counts-heading">
        <h2 id="counts-heading">Counts</h2>
        <SubscriberCounts overview={overview} />
      </section>
      <section aria-labelledby="expiring-heading">
        <h2 id="expiring-heading">Implied consents ending in the next 30 days</h2>
        {overview.impliedExpiring.length === 0 ? (
          <p>None: no implied consent ends in the next 30 days.</p>
        ) : (
          <>
            <p className="console-lede">
              After that day they get no campaign email, unless they subscribe themselves (express consent).
            </p>
            <SubscriberTable caption="Implied consents ending soonest first" rows={overview.impliedExpiring} showEnd />
          </>
        )}
      </section>
    </>
  );
}
