/**
 * A console export fetched as the page fetches it (docs/decisions/0074-exports-in-parts.md): part
 * after part, each asked for with the cursor the last one gave (in the body of a POST, the query of
 * a GET), until a part gives none; and the file the page then saves.
 */
import { EXPORT_NEXT_HEADER } from '#shared/console/exports.ts';
import type { RouteCall } from '#shared/route-key.ts';
import { api, type Answer, type Call } from './console-client';

/** Every part's answer, in order; it stops at the first that is not a 200. */
export const exportParts = async (exported: RouteCall, call: Call): Promise<Answer[]> => {
  const parts: Answer[] = [];
  let cursor: string | undefined;
  do {
    const next: Record<string, string> = cursor ? { cursor } : {};
    const answer = await api(
      exported,
      exported.method === 'GET'
        ? { ...call, query: { ...call.query, ...next } }
        : { ...call, json: { ...(call.json as object), ...next } },
    );
    parts.push(answer);
    cursor = answer.statusCode === 200 ? (answer.headers[EXPORT_NEXT_HEADER] as string | undefined) : undefined;
  } while (cursor);
  return parts;
};

/** The file the page saves: the parts' lines, one line break between parts that hold any. */
export const fileOf = (parts: Answer[]) =>
  parts
    .map((part) => part.body)
    .filter((lines) => lines !== '')
    .join('\n');
