import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The request as it arrived: path and query still percent-encoded, as S3 signs them. */
export interface ArrivedRequest {
  method: string;
  rawPath: string;
  rawQuery: string;
  headers: IncomingHttpHeaders;
}

export interface SigningKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export type PresignedVerdict = { ok: true } | { ok: false; status: 400 | 403; code: string; message: string };

const ALGORITHM = 'AWS4-HMAC-SHA256';
const REQUIRED = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
];
/** SigV4 presigned URLs live at most seven days. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;

const refuse = (status: 400 | 403, code: string, message: string): PresignedVerdict => ({
  ok: false,
  status,
  code,
  message,
});

/** RFC 3986 encoding, as SigV4 canonicalises query names and values. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function parseQuery(rawQuery: string): [string, string][] | undefined {
  try {
    return rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return at < 0
          ? [decodeURIComponent(pair), '']
          : [decodeURIComponent(pair.slice(0, at)), decodeURIComponent(pair.slice(at + 1))];
      });
  } catch {
    return undefined;
  }
}

/** X-Amz-Date is `YYYYMMDDTHHMMSSZ`. */
function parseAmzDate(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : NaN;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');

function signature(
  request: ArrivedRequest,
  query: [string, string][],
  key: SigningKey,
  amzDate: string,
  signedHeaders: string,
): string {
  const canonicalQuery = query
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [uriEncode(name), uriEncode(value)])
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  // A presigned URL is signed before any body exists.
  const canonicalRequest = [
    request.method,
    request.rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${key.region}/${key.service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${key.secretAccessKey}`, day), key.region), key.service), 'aws4_request');
  return hmac(signingKey, stringToSign).toString('hex');
}

/**
 * Checks a SigV4 presigned (query-string) request as S3 does: the signature over method, path,
 * query and signed headers with the given key, then the expiry. Independent of the SDK's
 * signer, so a signing bug is not mirrored here.
 */
export function verifyPresigned(request: ArrivedRequest, key: SigningKey, now = Date.now()): PresignedVerdict {
  const query = parseQuery(request.rawQuery);
  if (!query)
    return refuse(400, 'AuthorizationQueryParametersError', 'The query string is not valid percent-encoding.');
  const param = (name: string) => query.find(([n]) => n === name)?.[1];
  if (!param('X-Amz-Signature')) return refuse(403, 'AccessDenied', 'Access Denied');
  if (REQUIRED.some((name) => !param(name)) || param('X-Amz-Algorithm') !== ALGORITHM) {
    return refuse(
      400,
      'AuthorizationQueryParametersError',
      `Query-string authentication version 4 requires ${REQUIRED.join(', ')} (${ALGORITHM}).`,
    );
  }
  const amzDate = param('X-Amz-Date')!;
  const signedAt = parseAmzDate(amzDate);
  const expires = Number(param('X-Amz-Expires'));
  if (Number.isNaN(signedAt) || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) {
    return refuse(
      400,
      'AuthorizationQueryParametersError',
      `X-Amz-Date must be YYYYMMDDTHHMMSSZ and X-Amz-Expires from 1 to ${MAX_EXPIRES_SECONDS}.`,
    );
  }
  if (param('X-Amz-Credential')!.split('/')[0] !== key.accessKeyId) {
    return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  const expected = Buffer.from(signature(request, query, key, amzDate, param('X-Amz-SignedHeaders')!));
  const given = Buffer.from(param('X-Amz-Signature')!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  if (now > signedAt + expires * 1000) return refuse(403, 'AccessDenied', 'Request has expired');
  return { ok: true };
}
