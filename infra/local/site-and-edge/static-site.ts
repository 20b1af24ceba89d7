import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { EdgeHandlers, EdgeRequest, EdgeResponse, EdgeValue } from '../../cdk/edge/edge-code';
import { POST_MEDIA_CACHE_CONTROL, POST_MEDIA_PREFIX } from '#shared/blog-site.ts';
import { metadataHeaders } from '../../cdk/site/object-metadata';
import { contentTypeOf, isCompressible } from './content-types';

export interface SiteOptions {
  distDir: string;
  edge: EdgeHandlers;
  /** The response-headers policy the distribution applies (security headers). */
  responseHeaders: Record<string, string>;
}

/**
 * The same Cache-Control the stack's two BucketDeployments store on the objects, and the image
 * route on the owners' images (named by their hash, as the assets are).
 */
const cacheControlFor = (uri: string) =>
  uri.startsWith('/assets/') || uri.startsWith(`/${POST_MEDIA_PREFIX}`)
    ? POST_MEDIA_CACHE_CONTROL
    : 'public, max-age=0, must-revalidate';

interface CachedFile {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
}

function toEdgeRequest(req: IncomingMessage, url: URL): EdgeRequest {
  const headers: Record<string, EdgeValue> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers[name.toLowerCase()] = { value };
  }
  // CloudFront passes query values as sent (still percent-encoded); so must the twin.
  const querystring: Record<string, EdgeValue> = {};
  for (const pair of url.search.slice(1).split('&').filter(Boolean)) {
    const [key, value = ''] = pair.split('=');
    querystring[key] = { value };
  }
  // CloudFront hands the function the URI as the viewer sent it (still percent-encoded).
  return { method: req.method ?? 'GET', uri: url.pathname, querystring, headers, cookies: {} };
}

const isResponse = (value: EdgeRequest | EdgeResponse): value is EdgeResponse => 'statusCode' in value;
const toEdgeHeaders = (headers: Record<string, string>): Record<string, EdgeValue> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { value }]));
const fromEdgeHeaders = (headers: Record<string, EdgeValue> = {}): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, { value }]) => [name, value]));

/**
 * Serves the built site the way CloudFront + S3 do: the viewer-request function decides
 * redirects and which object to fetch; the viewer-response function gets the viewer's own
 * request (as CloudFront Functions do, not the rewritten one) and the object's headers as S3
 * answers them, metadata included, and may change the status (the 404 page); the
 * response-headers policy and compression apply to every answer.
 */
export function createSiteHandler({ distDir, edge, responseHeaders }: SiteOptions) {
  const root = path.resolve(distDir);
  const files = new Map<string, CachedFile>();

  async function load(uri: string): Promise<CachedFile | undefined> {
    const file = path.resolve(root, `.${decodeURIComponent(uri)}`);
    if (!file.startsWith(root + path.sep)) return undefined;
    const cached = files.get(file);
    if (cached) return cached;
    try {
      const body = await readFile(file);
      const entry = { body, etag: `"${createHash('sha1').update(body).digest('hex')}"` };
      files.set(file, entry);
      return entry;
    } catch {
      return undefined;
    }
  }

  function send(res: ServerResponse, status: number, headers: Record<string, string>, body?: Buffer) {
    res.writeHead(status, { ...responseHeaders, ...headers });
    res.end(body);
  }

  return {
    /** Forget cached files after a rebuild (watch mode). */
    clearCache: () => files.clear(),

    async handle(req: IncomingMessage, res: ServerResponse, url: URL) {
      const request = toEdgeRequest(req, url);
      // The function may rewrite the request it is given; the viewer's own stays for viewer-response.
      const decided = await edge.viewerRequest({ request: structuredClone(request) });
      if (isResponse(decided)) {
        return send(res, decided.statusCode, { 'cache-control': 'no-store', ...fromEdgeHeaders(decided.headers) });
      }
      const file = await load(decided.uri);
      if (!file) {
        // A private bucket answers 403 for a missing key; say what is missing instead.
        return send(res, 404, { 'content-type': 'text/plain; charset=utf-8' }, Buffer.from('Not found'));
      }
      const contentType = contentTypeOf(decided.uri);
      const originHeaders = {
        'content-type': contentType,
        'cache-control': cacheControlFor(decided.uri),
        etag: file.etag,
        ...metadataHeaders(decodeURIComponent(decided.uri)),
      };
      const answer = edge.viewerResponse({
        request,
        response: {
          statusCode: req.headers['if-none-match'] === file.etag ? 304 : 200,
          headers: toEdgeHeaders(originHeaders),
        },
      });
      const { statusCode } = answer;
      const headers: Record<string, string> = { ...fromEdgeHeaders(answer.headers), vary: 'Accept-Encoding' };
      if (statusCode === 304) return send(res, 304, headers);

      let body = file.body;
      const accepts = String(req.headers['accept-encoding'] ?? '');
      if (isCompressible(contentType) && body.length > 1024) {
        if (/\bbr\b/.test(accepts)) {
          body = file.br ??= brotliCompressSync(file.body);
          headers['content-encoding'] = 'br';
        } else if (/\bgzip\b/.test(accepts)) {
          body = file.gzip ??= gzipSync(file.body);
          headers['content-encoding'] = 'gzip';
        }
      }
      headers['content-length'] = String(body.length);
      return send(res, statusCode, headers, req.method === 'HEAD' ? undefined : body);
    },
  };
}
