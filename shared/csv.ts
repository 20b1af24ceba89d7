import { oneLine } from './inert-text';

/**
 * CSV for a spreadsheet, from data a stranger typed (names, messages, addresses), made inert
 * (docs/decisions/0003-abuse-limits.md): controls and invisible characters removed and line
 * breaks made spaces (shared/inert-text.ts), so a value cannot forge a row; every cell quoted,
 * so a `;`-separator locale cannot split it; and one a spreadsheet would run as a formula
 * starts with an apostrophe. Used by the operator commands and the console's exports.
 */

/** One value on one line: controls removed, line breaks made spaces. */
export const inertValue = (value: unknown): string =>
  value === undefined || value === null ? '' : oneLine(String(value));

/** Characters a spreadsheet reads as the start of a formula, after any leading spaces. */
const FORMULA_START = /^\s*[=+\-@]/;

const csvCell = (value: unknown) => {
  const text = inertValue(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** Rows as CSV, header first (the first row's keys); every cell inert, quoted and formula-safe. */
export const csvDocument = (rows: Record<string, unknown>[]): string =>
  rows.length === 0
    ? ''
    : [Object.keys(rows[0]!), ...rows.map((row) => Object.values(row))]
        .map((cells) => cells.map(csvCell).join(','))
        .join('\n');
