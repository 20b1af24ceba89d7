import type { LeadListQuery } from '#shared/console/leads-schemas.ts';

/** The audit log's words for a view of the inbox and its filters, as its screen names them. */
const VIEW_WORDS: Record<string, string> = { inbox: 'the inbox', overdue: 'the overdue leads', spam: 'spam' };
const FORM_WORDS: Record<string, string> = { scorecard: 'scorecard form', signup: 'contact/sign-up form' };
const AUDIENCE_WORDS: Record<string, string> = { candidate: 'candidates', employer: 'employers' };

/**
 * A view with its filters, e.g. "the inbox (contact/sign-up form, received from 2026-11-27)", and
 * `more` after them (e.g. "a search"). Never the words searched: an address typed there would
 * outlive its erasure in the append-only log (docs/decisions/0072-erasure.md).
 */
export const viewWords = (query: Omit<LeadListQuery, 'cursor'>, more: string[] = []) => {
  const filters = [
    query.form && FORM_WORDS[query.form],
    query.audience && AUDIENCE_WORDS[query.audience],
    query.status && `status ${query.status}`,
    query.from && `received from ${query.from}`,
    query.to && `received until ${query.to}`,
    ...more,
  ].filter(Boolean);
  return `${VIEW_WORDS[query.view ?? 'inbox']}${filters.length ? ` (${filters.join(', ')})` : ''}`;
};
