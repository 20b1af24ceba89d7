/**
 * What the operator commands print is data a stranger typed (names, messages, addresses), so
 * it is made inert before it reaches a terminal or a spreadsheet (docs/decisions/0003):
 * - control characters are removed: C0 (escape sequences that clear the screen, set a title or
 *   forge a hyperlink), DEL and C1 (the same, in their one-character form), and the invisible
 *   format characters (bidi overrides and isolates, zero-width marks) that reorder or hide text;
 * - a line break inside a value becomes a space, so a value cannot forge another row or field;
 * - every CSV cell is quoted (a `;`-separator locale cannot split it) and one that a spreadsheet
 *   would run as a formula starts with an apostrophe.
 */
// eslint-disable-next-line no-control-regex
const CONTROLS =
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const LINE_BREAKS = /\r\n|\r|\n|\u2028|\u2029/g;

/** Text for the terminal: controls removed, lines kept (a whole report may span lines). */
export const inertText = (text: string): string => text.replace(LINE_BREAKS, '\n').replace(CONTROLS, '');

/** One value on one line: controls removed, line breaks made spaces. */
export const inertValue = (value: unknown): string =>
  value === undefined || value === null ? '' : inertText(String(value)).replace(/\n/g, ' ');

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
