import { Refusal } from '../../domain/refusal';
import type { ApiResult } from '../../http/types';

/**
 * The most a Lambda function invoked synchronously (API Gateway's proxy integration) may answer:
 * "For synchronous invocations, the maximum payload size is 6 MB" (Lambda API reference, Invoke,
 * https://docs.aws.amazon.com/lambda/latest/dg/API_Invoke.html). Past it, the owner would get
 * API Gateway's bare 500 and no file. It counts the answer as Lambda sends it: JSON, in which
 * every quote of the CSV takes two bytes.
 */
export const RESPONSE_MAX_BYTES = 6 * 1024 * 1024;

export const EXPORT_TOO_LARGE =
  'This view is too large to download in one file. Narrow it with the filters, then export again.';

/**
 * A CSV file answered at once (never cached, like every console answer); 400 when it is too large
 * to answer. For a small report only: the leads and subscribers exports, which have no bound,
 * come in parts (./csv-parts.ts).
 */
export const csvDownload = (filename: string, csv: string): ApiResult => {
  const download: ApiResult = {
    statusCode: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
    body: csv,
  };
  if (Buffer.byteLength(JSON.stringify(download)) > RESPONSE_MAX_BYTES) throw new Refusal('invalid', EXPORT_TOO_LARGE);
  return download;
};
