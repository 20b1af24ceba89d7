import { oneLine, withoutControls } from '#shared/inert-text.ts';

/**
 * What the operator commands print is data a stranger typed (names, messages, addresses), so
 * it is made inert before it reaches a terminal or a spreadsheet (docs/decisions/0003):
 * - control and invisible characters are removed (shared/inert-text.ts);
 * - a line break inside a value becomes a space, so a value cannot forge another row or field;
 * - every CSV cell is quoted (a `;`-separator locale cannot split it) and one that a spreadsheet
 *   would run as a formula starts with an apostrophe.
 */
/** Text for the terminal: controls removed, lines kept (a whole report may span lines). */
export const inertText = withoutControls;

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

/** Rows as CSV, header first; every cell inert, quoted and formula-safe. */
export const toCsv = (rows: Record<string, unknown>[]): string =>
  rows.length === 0
    ? ''
    : [Object.keys(rows[0]!), ...rows.map((row) => Object.values(row))]
        .map((cells) => cells.map(csvCell).join(','))
        .join('\n');

/** Rows for the terminal, one line each: `name: value | name: value`. */
export const toTable = (rows: Record<string, unknown>[]): string =>
  rows
    .map((row) =>
      Object.entries(row)
        .map(([name, value]) => `${name}: ${inertValue(value)}`)
        .join(' | '),
    )
    .join('\n');

/** console.log for operator output: whatever the line holds, nothing in it acts on the terminal. */
export const printInert = (line: string) => console.log(inertText(line));
