import { withoutControls } from '#shared/inert-text.ts';
import { inertValue } from '#shared/inert-csv.ts';

/**
 * What the operator commands print is data a stranger typed (names, messages, addresses), so
 * it is made inert before it reaches a terminal (docs/decisions/0003): control and invisible
 * characters are removed (shared/inert-text.ts), and a value keeps to its own line. Their CSV is
 * shared/inert-csv.ts, the console export's too.
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
