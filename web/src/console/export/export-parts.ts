import { EXPORT_NEXT_HEADER, EXPORT_ROWS_HEADER } from '#shared/console/exports.ts';
import { RequestError } from '../../lib/api-client';
import type { ConsoleFile, DownloadedFile } from '../client/console-client';

/**
 * An export the API answers in parts (shared/console/exports.ts): asked for one part after
 * another, each with the cursor the last one gave, and joined here into one file. What has come
 * is kept when a part fails, so the export goes on from there instead of starting again or being
 * lost (docs/decisions/0074-exports-in-parts.md).
 */

/** Asks for one part of an export: the first with no cursor. */
export type AskForPart = (cursor: string | undefined) => Promise<DownloadedFile>;

/** What has come of an export: its parts (whole lines each), their rows, and the cursor of the part to ask for next. */
export interface ExportSoFar {
  filename?: string;
  parts: Blob[];
  rows: number;
  next?: string;
}

export const NOTHING_YET: ExportSoFar = { parts: [], rows: 0 };

/** A failed part, and how far the export had come: `soFar` is where it goes on from. */
export class ExportStopped extends Error {
  override name = 'ExportStopped';
  constructor(
    readonly reason: unknown,
    readonly soFar: ExportSoFar,
  ) {
    super('The export stopped.');
  }
}

/**
 * A request of a long task (a part of an export, a step of marking many leads as spam) that
 * failed for a reason that may pass by itself (no answer, the server's own trouble, too many
 * requests at once) is asked again after each of these pauses; a refusal (the session ended) is
 * not: it stops the task at once.
 */
const RETRY_PAUSES_MS = [1000, 3000];
const mayPass = (error: unknown) =>
  error instanceof RequestError && (error.status === undefined || error.status === 429 || error.status >= 500);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const withRetries = async <T>(ask: () => Promise<T>): Promise<T> => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await ask();
    } catch (error) {
      const wait = RETRY_PAUSES_MS[attempt];
      if (wait === undefined || !mayPass(error)) throw error;
      await pause(wait);
    }
  }
};

/**
 * Asks for the parts from `soFar` on (NOTHING_YET: from the first), telling `onPart` after each,
 * and resolves with the whole file and its row count; rejects with ExportStopped when a part
 * cannot be had.
 */
export async function continueExport(
  ask: AskForPart,
  soFar: ExportSoFar,
  onPart: (soFar: ExportSoFar) => void,
): Promise<{ file: ConsoleFile; rows: number }> {
  let state = soFar;
  for (;;) {
    let part: DownloadedFile;
    try {
      part = await withRetries(() => ask(state.next));
    } catch (error) {
      throw new ExportStopped(error, state);
    }
    state = {
      filename: state.filename ?? part.filename,
      // A part may hold no row (the view's next leads were further on than one request reads).
      parts: part.blob.size === 0 ? state.parts : [...state.parts, part.blob],
      rows: Number(part.headers.get(EXPORT_ROWS_HEADER) ?? state.rows),
      next: part.headers.get(EXPORT_NEXT_HEADER) ?? undefined,
    };
    onPart(state);
    if (state.next === undefined) {
      // Each part is whole lines without a final line break: one goes between parts.
      const pieces = state.parts.flatMap((lines, index) => (index === 0 ? [lines] : ['\n', lines]));
      const file = { blob: new Blob(pieces, { type: 'text/csv;charset=utf-8' }), filename: state.filename! };
      return { file, rows: state.rows };
    }
  }
}
