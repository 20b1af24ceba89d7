import type { InboxFilters } from './leads-api';

/**
 * The inbox's filters live in the address's query (`?view=spam&form=signup&q=acme`), so a reload
 * or a shared link shows the same leads. Only the API's own fields are kept, and only when set;
 * the API checks their values and says in plain words what is wrong with one.
 */
const FIELDS = ['view', 'form', 'audience', 'status', 'from', 'to', 'q'] as const;

export const filtersFrom = (search: URLSearchParams): InboxFilters =>
  Object.fromEntries(
    FIELDS.flatMap((field) => {
      const value = search.get(field)?.trim();
      return value ? [[field, value]] : [];
    }),
  ) as InboxFilters;

/** The query string of these filters; the inbox view is the default and is left out. */
export const searchOf = (filters: InboxFilters): string => {
  const search = new URLSearchParams();
  for (const field of FIELDS) {
    const value = filters[field]?.trim();
    if (value && !(field === 'view' && value === 'inbox')) search.set(field, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};
