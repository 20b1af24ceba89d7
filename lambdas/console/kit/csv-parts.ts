import { EXPORT_NEXT_HEADER, EXPORT_ROWS_HEADER } from '#shared/console/exports.ts';
import { csvLine } from '#shared/inert-csv.ts';
import { Refusal } from '../../domain/refusal';
import type { ApiResult } from '../../http/types';
import { randomToken } from '../../runtime/tokens';
import { BAD_CURSOR } from './page-cursor';

/**
 * A CSV export answered in parts (shared/console/exports.ts, docs/decisions/0074-exports-in-parts.md).
 * No part holds more than PART_MAX_BYTES of lines, counted as Lambda sends them (JSON, in which
 * every quote of the CSV takes two bytes), with room to spare for the rest of the answer under
 * what a synchronous Lambda may answer (RESPONSE_MAX_BYTES, ./csv-download.ts); a larger view
 * comes in as many parts as it takes.
 */
export const PART_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Where an export stands, carried from part to part by the page: the export's own id (its audit
 * entry is written once for it), the rows sent so far, and the source's cursor of the next part.
 */
interface ExportCursor {
  id: string;
  rows: number;
  at: string;
}

const EXPORT_ID = /^[A-Za-z0-9_-]{22}$/;

const cursorOf = (position: ExportCursor) => Buffer.from(JSON.stringify(position)).toString('base64url');

/** A cursor this export handed out, else 400 (the source checks `at` itself when it reads from it). */
const positionOf = (cursor: string): ExportCursor => {
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // Not JSON: refused below like any other cursor that is not one of ours.
  }
  const { id, rows, at } = (typeof position === 'object' && position !== null ? position : {}) as Partial<ExportCursor>;
  const valid = typeof id === 'string' && EXPORT_ID.test(id) && Number.isSafeInteger(rows) && rows! >= 0;
  if (!valid || typeof at !== 'string' || at === '') throw new Refusal('invalid', BAD_CURSOR);
  return { id, rows: rows!, at };
};

export interface CsvExport<Row> {
  /** The cursor the page sent: none for the first part. */
  cursor: string | undefined;
  /** The file's name (the page keeps the first part's). */
  filename: string;
  /** The header row. */
  columns: readonly string[];
  /**
   * Rows of the view in the file's order, from the source's cursor `at` (undefined: from the
   * start), and `next`, the source's cursor after them, when more follow.
   */
  read(at: string | undefined): Promise<{ rows: Row[]; next?: string }>;
  /** A row's cells, in the columns' order. */
  cells(row: Row): readonly unknown[];
  /** The source's cursor just after `row`: where the next part starts if this one ends before the rows read. */
  after(row: Row): string;
  /**
   * Writes the export's one audit entry with the rows the file holds; kept once for `onceKey`
   * however often the last part is asked for.
   */
  audit(rows: number, onceKey: string): Promise<void>;
}

/** The bytes a line takes in Lambda's answer: JSON-escaped, with its line break. */
const bytesOf = (line: string) => Buffer.byteLength(JSON.stringify(line)) - 1;

/**
 * One part of an export: the header (first part), then as many rows read as fit PART_MAX_BYTES, at
 * least one so every part moves on. Asking again with the same cursor answers the same rows (a
 * page that lost an answer asks again). The last part writes the audit entry.
 */
export const csvExportPart = async <Row>(source: CsvExport<Row>): Promise<ApiResult> => {
  const from = source.cursor ? positionOf(source.cursor) : { id: randomToken(), rows: 0, at: undefined };
  const lines = source.cursor ? [] : [csvLine(source.columns)];
  let bytes = lines.reduce((sum, line) => sum + bytesOf(line), 0);
  const read = await source.read(from.at);
  let kept = 0;
  for (const row of read.rows) {
    const line = csvLine(source.cells(row));
    if (kept > 0 && bytes + bytesOf(line) > PART_MAX_BYTES) break;
    lines.push(line);
    bytes += bytesOf(line);
    kept += 1;
  }
  const next = kept < read.rows.length ? source.after(read.rows[kept - 1]!) : read.next;
  const rows = from.rows + kept;
  if (next === undefined) await source.audit(rows, `export#${from.id}`);
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${source.filename}"`,
      'cache-control': 'no-store',
      [EXPORT_ROWS_HEADER]: String(rows),
      ...(next !== undefined && { [EXPORT_NEXT_HEADER]: cursorOf({ id: from.id, rows, at: next }) }),
    },
    body: lines.join('\n'),
  };
};
