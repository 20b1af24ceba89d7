import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalS3, LOCAL_S3_PREFIX } from '#infra/local/site-and-edge/local-s3.ts';
import { presignedGetUrl } from '#lambdas/runtime/presign-get.ts';

const region = 'ca-central-1';
const localKey = { accessKeyId: 'local', secretAccessKey: 'local' };
const credentials = async () => localKey;
const dir = mkdtempSync(path.join(tmpdir(), 'local-s3-'));
const objects = ['scorecard.pdf', 'other.pdf'].map((key) => {
  const file = path.join(dir, key);
  writeFileSync(file, `contents of ${key}`);
  return { bucket: 'docs', key, file, contentType: 'application/pdf' };
});

const errorOf = async (response: Response) => {
  const xml = await response.text();
  return {
    status: response.status,
    code: /<Code>([^<]*)<\/Code>/.exec(xml)?.[1],
    message: /<Message>([^<]*)<\/Message>/.exec(xml)?.[1],
  };
};

describe('local S3 stand-in: presigned downloads', () => {
  let server: Server;
  let endpoint: string;
  const presign = (
    options: {
      key?: string;
      signingDate?: Date;
      expiresInSeconds?: number;
      secret?: string;
      accessKeyId?: string;
    } = {},
  ) =>
    presignedGetUrl(
      {
        bucket: 'docs',
        key: options.key ?? 'scorecard.pdf',
        region,
        endpoint,
        fileName: 'HR scorecard.pdf',
        expiresInSeconds: options.expiresInSeconds ?? 300,
      },
      options.secret || options.accessKeyId
        ? async () => ({ accessKeyId: options.accessKeyId ?? 'local', secretAccessKey: options.secret ?? 'local' })
        : credentials,
      options.signingDate,
    );

  beforeAll(async () => {
    const serve = createLocalS3(objects, { ...localKey, region });
    server = createServer((req, res) => void serve(req, res, new URL(req.url ?? '/', 'http://local')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}${LOCAL_S3_PREFIX}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('serves the object for a valid presigned URL, with the requested file name', async () => {
    const response = await fetch(await presign());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="HR scorecard.pdf"');
    expect(await response.text()).toBe('contents of scorecard.pdf');
  });

  it('refuses a forged signature', async () => {
    const url = (await presign()).replace(
      /X-Amz-Signature=(.)/,
      (_all, first: string) => `X-Amz-Signature=${first === 'a' ? 'b' : 'a'}`,
    );
    expect(await errorOf(await fetch(url))).toEqual({
      status: 403,
      code: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    });
  });

  it('refuses a URL signed with another secret', async () => {
    expect(await errorOf(await fetch(await presign({ secret: 'guessed' })))).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
  });

  it('refuses a link whose key was changed to another existing object', async () => {
    const url = (await presign()).replace('/docs/scorecard.pdf?', '/docs/other.pdf?');
    expect(await errorOf(await fetch(url))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('refuses a link whose expiry or download name was changed', async () => {
    // Edited as text: re-encoding the whole query (URLSearchParams) would change it in other places too.
    const longer = (await presign()).replace('X-Amz-Expires=300', 'X-Amz-Expires=3600');
    const renamed = (await presign()).replace('filename%3D%22HR%20scorecard.pdf', 'filename%3D%22payroll.pdf');
    expect(await errorOf(await fetch(longer))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await errorOf(await fetch(renamed))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('refuses an expired link and serves one still within its lifetime', async () => {
    const now = Date.now();
    const expired = await presign({ signingDate: new Date(now - 301_000), expiresInSeconds: 300 });
    const stillValid = await presign({ signingDate: new Date(now - 240_000), expiresInSeconds: 300 });
    expect(await errorOf(await fetch(expired))).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Request has expired',
    });
    expect((await fetch(stillValid)).status).toBe(200);
  });

  it('refuses an unsigned request and an unknown access key', async () => {
    expect(await errorOf(await fetch(`${endpoint}/docs/scorecard.pdf`))).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Access Denied',
    });
    expect(await errorOf(await fetch(await presign({ accessKeyId: 'AKIDOTHER' })))).toMatchObject({
      status: 403,
      code: 'InvalidAccessKeyId',
    });
  });
});
