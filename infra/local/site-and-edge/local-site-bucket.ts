/**
 * The site bucket on the twin's S3 endpoint (AWS_ENDPOINT_URL_S3), for functions that use it with
 * their own credentials, as in AWS, path-style under `/<bucket>/`, each call held to the caller's
 * role (guard('s3')), the objects kept in the directory the twin keeps the bucket in:
 * - GET or HEAD of an object (the Posts screen's preview reads the render kit, the image route an
 *   upload); a key with no object answers 403 AccessDenied, as S3 does for a caller without
 *   s3:ListBucket;
 * - PUT and DELETE of an object (the image route stores an accepted image, deletes an upload);
 * - a browser's POST to the bucket with a presigned POST policy (the owners' image uploads),
 *   checked as S3 checks it (post-policy.ts) and then held to the role of the function that signed
 *   it, as S3 authorizes the policy's signer: the twin's functions share one access key, so the
 *   signer is named here (`uploads.signer`) rather than read from the credential.
 * Anything else answers 405.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FunctionName } from '../../cdk/constructs/functions';
import { bucketArn } from '../functions/iam/local-arns';
import type { IamEnforcement } from '../functions/iam/iam-enforcement';
import { LOCAL_S3_PREFIX } from './local-s3';
import { verifyPostUpload, type PostPolicyKey } from './post-policy';
import { readBody } from '../services';

export const localSiteBucketPrefix = (bucket: string) => `${LOCAL_S3_PREFIX}/${bucket}/`;

/** Browser uploads: the key their policies are signed with, and the function whose role signs them. */
export interface SiteBucketUploads {
  key: PostPolicyKey;
  signer: FunctionName;
  /** The clock a policy's expiration is read against (Unix ms); a test moves it past the expiry. */
  now?: () => number;
}

export function createLocalSiteBucket(
  bucket: string,
  dir: string,
  iam: Pick<IamEnforcement, 'guard' | 'authorize'>,
  uploads?: SiteBucketUploads,
) {
  const guard = iam.guard('s3');
  const refuse = (res: ServerResponse, status: number, code: string, message = code) =>
    void res
      .writeHead(status, { 'content-type': 'application/xml' })
      .end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
  /** The object's file, or undefined for a key that climbs out of the bucket (it names no object of it). */
  const fileOf = (key: string) => {
    const file = path.join(dir, ...key.split('/'));
    return file.startsWith(`${path.resolve(dir)}${path.sep}`) ? file : undefined;
  };
  const write = async (file: string, body: Buffer) => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  };

  const upload = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    if (!uploads) return refuse(res, 405, 'MethodNotAllowed');
    const contentType = req.headers['content-type'] ?? '';
    const verdict = await verifyPostUpload(bucket, contentType, body, uploads.key, uploads.now?.());
    if (!verdict.ok) return refuse(res, verdict.status, verdict.code, verdict.message);
    const { key } = verdict.upload;
    try {
      await iam.authorize(uploads.signer, [{ action: 's3:PutObject', resource: `${bucketArn(bucket)}/${key}` }]);
    } catch (error) {
      return refuse(res, 403, 'AccessDenied', (error as Error).message);
    }
    const file = fileOf(key);
    if (!file) return refuse(res, 403, 'AccessDenied', 'Access Denied');
    await write(file, verdict.upload.body);
    res.writeHead(204).end();
  };

  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const body = await readBody(req);
    const key = decodeURIComponent(url.pathname.slice(localSiteBucketPrefix(bucket).length));
    // A browser's upload is made with the policy's signature alone, by no function: POST Object.
    if (req.method === 'POST' && key === '') return upload(req, res, body);
    const denial = await guard(req, body);
    if (denial) return void res.writeHead(denial.status, denial.headers).end(denial.body);
    const file = fileOf(key);
    if (!file) return refuse(res, 403, 'AccessDenied');
    if (req.method === 'PUT') {
      await write(file, body);
      return void res.writeHead(200).end();
    }
    if (req.method === 'DELETE') {
      await rm(file, { force: true });
      return void res.writeHead(204).end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'MethodNotAllowed');
    const read = await readFile(file).catch(() => undefined);
    if (!read) return refuse(res, 403, 'AccessDenied');
    res.writeHead(200, { 'content-length': String(read.length) });
    res.end(req.method === 'HEAD' ? undefined : read);
  };
}
