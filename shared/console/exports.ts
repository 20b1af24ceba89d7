/**
 * The console's CSV exports come in parts (docs/decisions/0074-exports-in-parts.md), stated once for
 * the consoleApi function and the console's page. Each part is a `text/csv` answer whose body is
 * whole lines (the header first, in the first part only) and whose headers say how far the export
 * has come; the page asks for the next part with the cursor the last one gave, and joins the parts
 * into one file. An export of any size therefore succeeds, each answer staying under what Lambda
 * may answer at once.
 */

/** The cursor of the next part (sent back as the route's `cursor`); absent on the last part. */
export const EXPORT_NEXT_HEADER = 'x-export-next';

/** How many rows (not counting the header) the file holds up to and including this part. */
export const EXPORT_ROWS_HEADER = 'x-export-rows';
