import { FormMessage } from '../../components/form/FormMessage';
import type { PagedList } from './use-paged-list';

/**
 * Under a paged list: why a load failed, and the button that loads the next page (or tries the
 * failed load again); `endText` once the whole list is shown.
 */
export function LoadMore({ list, endText }: { list: PagedList<unknown>; endText: string }) {
  const { items, next, loading, error, more } = list;
  if (loading === 'first') return null;
  return (
    <>
      {error && <FormMessage kind="error" text={error} />}
      {(next || error) && (
        <button
          type="button"
          className="button button--secondary console-more"
          disabled={loading === 'more'}
          onClick={more}
        >
          {loading === 'more' ? 'Loading…' : error ? 'Try again' : 'Load more'}
        </button>
      )}
      {!next && !error && items.length > 0 && <p className="console-end">{endText}</p>}
    </>
  );
}
