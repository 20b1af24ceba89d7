import type { InboxFilters } from './leads-api';

/**
 * Where the inbox's filters live. The filters are in the address's query (`?view=spam&form=signup`),
 * so a reload or a shared link shows the same leads. The search term is not: owners search by
 * name and address, and an address in a URL lands in access logs an erasure cannot reach
 * (docs/decisions/0072-erasure.md). It lives in the history entry's state, which the browser keeps
 * for that tab (a reload or Back shows the same search) and never sends to a server, as the
 * People screen keeps its address (../people/person-location.ts). Only the API's own fields are kept,
 * and only when set; the API checks their values and says in plain words what is wrong with one.
 */
const ADDRESS_FIELDS = ['view', 'form', 'audience', 'status', 'from', 'to'] as const;

/** The history entry's state of an inbox (or of a lead opened from it) with a search. */
interface SearchState {
  q: string;
}

/** The state that keeps search term `q` with a history entry; none without a term. */
export const searchState = (q: string | undefined): SearchState | undefined =>
  q?.trim() ? { q: q.trim() } : undefined;

/** The search term a history entry's state keeps, if any. */
export const searchTermOf = (state: unknown): string | undefined => {
  const q = typeof state === 'object' && state !== null ? (state as Partial<SearchState>).q : undefined;
  return typeof q === 'string' && q.trim() ? q.trim() : undefined;
};

/** The filters of an address's query and the search term of its history entry. */
export const filtersAt = (search: URLSearchParams, q: string | undefined): InboxFilters =>
  Object.fromEntries([
    ...ADDRESS_FIELDS.flatMap((field) => {
      const value = search.get(field)?.trim();
      return value ? [[field, value]] : [];
    }),
    ...(q?.trim() ? [['q', q.trim()]] : []),
  ]) as InboxFilters;

/** The query string of these filters, never the search term; the inbox view is the default and is left out. */
export const searchOf = (filters: InboxFilters): string => {
  const search = new URLSearchParams();
  for (const field of ADDRESS_FIELDS) {
    const value = filters[field]?.trim();
    if (value && !(field === 'view' && value === 'inbox')) search.set(field, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The `to` and `state` of a link or navigate() to the inbox with these filters. */
export const inboxLink = (filters: InboxFilters) => ({
  to: { search: searchOf(filters) },
  state: searchState(filters.q),
});
