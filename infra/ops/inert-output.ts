import { inertValue } from '#shared/csv.ts';
import { withoutControls } from '#shared/inert-text.ts';

/**
 * What the operator commands print is data a stranger typed (names, messages, addresses), so
 * it is made inert before it reaches a terminal or a spreadsheet (docs/decisions/0003):
 * - control and invisible characters are removed (shared/inert-text.ts);
 * - a line break inside a value becomes a space, so a value cannot forge another row or field;
 * - CSV is shared/csv.ts's (every cell quoted and formula-safe), the same as the console's exports.
 */
/** Text for the terminal: controls removed, lines kept (a whole report may span lines). */
export const inertText = withoutControls;

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
