import { oneLine } from './inert-text';

/**
 * CSV of data a stranger typed (names, messages, addresses), safe to open in a spreadsheet: the
 * operator commands' `--csv` and the console's export both write it with this
 * (docs/decisions/0003):
 * - control and invisible characters are removed (./inert-text.ts);
 * - a line break inside a value becomes a space, so a value cannot forge another row or field;
 * - every cell is quoted (a `;`-separator locale cannot split it) and one that a spreadsheet
 *   would run as a formula starts with an apostrophe.
 */

/** One value on one line: controls removed, line breaks made spaces; nothing for undefined or null. */
export const inertValue = (value: unknown): string =>
  value === undefined || value === null ? '' : oneLine(String(value));

/** Characters a spreadsheet reads as the start of a formula, after any leading spaces. */
const FORMULA_START = /^\s*[=+\-@]/;

const csvCell = (value: unknown) => {
  const text = inertValue(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** One line of CSV: each cell inert, quoted and formula-safe (an export in parts writes it a line at a time). */
export const csvLine = (cells: readonly unknown[]): string => cells.map(csvCell).join(',');

/**
 * Rows as CSV, header first; every cell inert, quoted and formula-safe. `columns` (by default
 * the first row's keys) names the header and the cells' order, so an empty view still gives
 * its header row: a spreadsheet opens it as "no rows", not as a broken file.
 */
export const toCsv = (
  rows: Record<string, unknown>[],
  columns: readonly string[] = Object.keys(rows[0] ?? {}),
): string =>
  columns.length === 0
    ? ''
    : [columns, ...rows.map((row) => columns.map((column) => row[column]))].map(csvLine).join('\n');
