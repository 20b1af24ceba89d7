import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyPresigned, type SigningKey } from './sigv4-presigned';
import { escapeXml } from '#shared/escape-html.ts';

export const LOCAL_S3_PREFIX = '/_local-s3';

export interface LocalObject {
  bucket: string;
  key: string;
  file: string;
  contentType: string;
}

function sendError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`,
  );
}

/**
 * Stands in for the private scorecard bucket: the download handler presigns a path-style URL
 * against AWS_ENDPOINT_URL_S3 (this prefix), and this serves the object only for a request
 * whose SigV4 signature (made with `signingKey`, the handlers' credentials) is valid and
 * unexpired. Forged, altered and expired links are refused with S3's error codes.
 */
export function createLocalS3(objects: LocalObject[], signingKey: Omit<SigningKey, 'service'>) {
  return async function serve(req: IncomingMessage, res: ServerResponse, url: URL) {
    const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?', 2);
    const verdict = verifyPresigned(
      { method: req.method ?? 'GET', rawPath, rawQuery, headers: req.headers },
      { ...signingKey, service: 's3' },
    );
    if (!verdict.ok) return sendError(res, verdict.status, verdict.code, verdict.message);

    const [, bucket, ...keyParts] = url.pathname.slice(LOCAL_S3_PREFIX.length).split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const object = objects.find((o) => o.bucket === bucket && o.key === key);
    // Without s3:ListBucket, S3 answers a missing key with 403, not 404.
    if (!object) return sendError(res, 403, 'AccessDenied', 'Access Denied');
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
