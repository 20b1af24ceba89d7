/**
 * The site bucket on the twin's S3 endpoint (AWS_ENDPOINT_URL_S3), for a function that reads an
 * object of it with its own credentials, as in AWS (the Posts screen's preview reads the render
 * kit): path-style GET or HEAD of `/<bucket>/<key>`, held to the caller's role (guard('s3')), the
 * object read from the directory the twin keeps the bucket in. A key with no object answers 403
 * AccessDenied, as S3 does for a caller without s3:ListBucket; anything but a read, 405.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { IamEnforcement } from './iam/iam-enforcement';
import { LOCAL_S3_PREFIX } from './local-s3';
import { readBody } from './services';

export const localSiteBucketPrefix = (bucket: string) => `${LOCAL_S3_PREFIX}/${bucket}/`;

export function createLocalSiteBucket(bucket: string, dir: string, iam: Pick<IamEnforcement, 'guard'>) {
  const guard = iam.guard('s3');
  const refuse = (res: ServerResponse, status: number, code: string) =>
    void res
      .writeHead(status, { 'content-type': 'application/xml' })
      .end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code></Error>`);
  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const denial = await guard(req, await readBody(req));
    if (denial) return void res.writeHead(denial.status, denial.headers).end(denial.body);
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'MethodNotAllowed');
    const key = decodeURIComponent(url.pathname.slice(localSiteBucketPrefix(bucket).length));
    const file = path.join(dir, ...key.split('/'));
    // A key that climbs out of the bucket names no object of it.
    if (!file.startsWith(`${path.resolve(dir)}${path.sep}`)) return refuse(res, 403, 'AccessDenied');
    const body = await readFile(file).catch(() => undefined);
    if (!body) return refuse(res, 403, 'AccessDenied');
    res.writeHead(200, { 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
