import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';

export const LOCAL_S3_PREFIX = '/_local-s3';

export interface LocalObject {
  bucket: string;
  key: string;
  file: string;
  contentType: string;
}

/** X-Amz-Date is `YYYYMMDDTHHMMSSZ`. */
function signedAt(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : NaN;
}

/**
 * Stands in for the private scorecard bucket: the download handler presigns a path-style URL
 * against AWS_ENDPOINT_URL_S3 (this prefix), and this serves the object while the presigned
 * URL is unexpired and unsigned or expired requests are refused, as S3 would.
 */
export function createLocalS3(objects: LocalObject[]) {
  return async function serve(res: ServerResponse, url: URL) {
    const [, bucket, ...keyParts] = url.pathname.slice(LOCAL_S3_PREFIX.length).split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const object = objects.find((o) => o.bucket === bucket && o.key === key);
    const date = signedAt(url.searchParams.get('X-Amz-Date') ?? '');
    const expires = Number(url.searchParams.get('X-Amz-Expires'));
    const signed = url.searchParams.has('X-Amz-Signature') && Number.isFinite(date) && expires > 0;
    if (!object || !signed || Date.now() > date + expires * 1000) {
      res.writeHead(403, { 'content-type': 'application/xml' });
      return res.end('<Error><Code>AccessDenied</Code><Message>Request has expired or is not signed</Message></Error>');
    }
    const body = await readFile(object.file);
    res.writeHead(200, {
      'content-type': object.contentType,
      'content-length': String(body.length),
      'content-disposition':
        url.searchParams.get('response-content-disposition') ?? `attachment; filename="${key.split('/').pop()}"`,
      'cache-control': 'private, no-store',
    });
    res.end(body);
  };
}
