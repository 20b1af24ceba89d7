import { LoadMore } from '../../paging/LoadMore';
import { usePagedList } from '../../paging/use-paged-list';
import { auditPage } from './audit-api';
import { AuditTable } from './AuditTable';

/**
 * The audit log: every sign-in, view, export and change, newest first, 50 at a time with
 * "Load more". A failed load keeps what is shown and says why; pressing the button tries again.
 */
export default function AuditScreen() {
  const log = usePagedList(auditPage, 'audit');
  const { items, loading, error } = log;
  return (
    <>
      <h1>Audit log</h1>
      <p className="console-lede">
        Everything done in the console, and every sign-in and failed attempt, newest first. Entries cannot be changed or
        deleted.
      </p>
      {loading === 'first' && <p role="status">Loading the audit log…</p>}
      {loading !== 'first' && items.length === 0 && !error && <p>The log is empty.</p>}
      {items.length > 0 && <AuditTable entries={items} />}
      <LoadMore list={log} endText="That is the whole log." />
    </>
  );
}
