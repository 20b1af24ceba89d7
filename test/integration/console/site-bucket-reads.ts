/**
 * The site bucket as S3's GetObject answers it (path-style, as the SDK asks an IP endpoint), for a
 * function that reads one object of it (the Posts screen's preview, the render kit): each call held
 * to the caller's role as the twin holds every AWS call (docs/decisions/0041-iam-enforced-twin.md),
 * a key it may not read answered as S3 answers (403 AccessDenied). Objects come from `objects`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callerOf } from '#infra/local/iam/function-identity.ts';
import { bucketArn } from '#infra/local/iam/local-arns.ts';
import { twinIam } from '#test/support/twin-iam.ts';

export const startSiteBucketReads = async (bucket: string, objects: Record<string, string>) => {
  let reads = 0;
  const server = createServer((req, res) => {
    const [, asked, ...keyParts] = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const refuse = (status: number, code: string) =>
      void res.writeHead(status, { 'content-type': 'application/xml' }).end(`<Error><Code>${code}</Code></Error>`);
    void twinIam()
      .authorize(callerOf(req.headers), [{ action: 's3:GetObject', resource: `${bucketArn(asked!)}/${key}` }])
      .then(
        () => {
          const body = asked === bucket && req.method === 'GET' ? objects[key] : undefined;
          if (body === undefined) return refuse(403, 'AccessDenied');
          reads += 1;
          res.writeHead(200, { 'content-type': 'application/json' }).end(body);
        },
        () => refuse(403, 'AccessDenied'),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reads: () => reads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
