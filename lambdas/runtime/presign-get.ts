import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@smithy/core/checksum';
import type { AwsCredentialIdentityProvider, HttpRequest } from '@smithy/types';

export interface PresignTarget {
  bucket: string;
  key: string;
  region: string;
  /** A path-style endpoint (the local stack's S3 stand-in); unset in AWS. */
  endpoint?: string;
  /** The file name the browser saves the download as. */
  fileName: string;
  expiresInSeconds: number;
}

/** S3 wants each key segment percent-encoded once (RFC 3986), slashes kept. */
const encodeKey = (key: string) =>
  key
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');

const requestFor = (target: PresignTarget): HttpRequest => {
  const query = { 'response-content-disposition': `attachment; filename="${target.fileName}"` };
  // UNSIGNED-PAYLOAD: a presigned GET is signed before any body exists (as the SDK's S3 presigner does).
  const headers: Record<string, string> = { 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' };
  if (target.endpoint) {
    const url = new URL(target.endpoint);
    const basePath = url.pathname.replace(/\/$/, '');
    headers.host = url.host;
    return {
      method: 'GET',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: `${basePath}/${target.bucket}/${encodeKey(target.key)}`,
      query,
      headers,
    };
  }
  const hostname = `${target.bucket}.s3.${target.region}.amazonaws.com`;
  headers.host = hostname;
  return { method: 'GET', protocol: 'https:', hostname, path: `/${encodeKey(target.key)}`, query, headers };
};

const toUrl = (request: HttpRequest): string => {
  const port = request.port ? `:${request.port}` : '';
  const query = Object.entries(request.query ?? {})
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${request.protocol}//${request.hostname}${port}${request.path}?${query}`;
};

/**
 * A short-lived presigned S3 GET URL, signed with SigV4 directly. The S3 client would add
 * ~150 KB to the download handler for this one signature, breaking its size budget.
 */
export const presignedGetUrl = async (
  target: PresignTarget,
  credentials: AwsCredentialIdentityProvider,
  signingDate = new Date(),
): Promise<string> => {
  const signer = new SignatureV4({
    service: 's3',
    region: target.region,
    credentials,
    sha256: Sha256,
    uriEscapePath: false,
  });
  const signed = await signer.presign(requestFor(target), { expiresIn: target.expiresInSeconds, signingDate });
  return toUrl(signed);
};
