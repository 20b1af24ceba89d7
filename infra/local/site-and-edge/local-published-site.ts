import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PublishedSite } from '#lambdas/publisher/publish-site.ts';
import { routeChanges } from '#lambdas/publisher/route-changes.ts';
import type { LocalKeyValueStore } from './local-key-value-store';
import { currentFunction } from '../functions/iam/function-identity';
import type { IamEnforcement } from '../functions/iam/iam-enforcement';
import { bucketArn, distributionArn } from '../functions/iam/local-arns';
import type { AccessRequest } from '../functions/iam/policy-evaluator';

/** The names the publisher's environment gives its bucket, distribution and store on the twin. */
export const LOCAL_PUBLISHER_TARGETS = {
  SITE_BUCKET: 'local-site',
  SITE_DISTRIBUTION_ID: 'LOCALSITE',
  SITE_ROUTES_STORE_ARN: 'arn:aws:cloudfront::000000000000:key-value-store/local-site-routes',
} as const;

/**
 * The site's publisher's site on the local twin: the objects go into the served web/dist as S3
 * keys map to files, the routes into the twin's KeyValueStore that its viewer-request function
 * reads, and "invalidating" empties the local server's file cache, as CloudFront's invalidation
 * makes the next request go to the origin. Each call is first authorized as the AWS call
 * aws-published-site.ts makes for it (S3 PutObject/DeleteObject/GetObject, the store's Describe,
 * ListKeys and UpdateKeys, CreateInvalidation), against the role of the function running it.
 */
export const localPublishedSite = (
  distDir: string,
  clearCache: () => void,
  routes: LocalKeyValueStore,
  iam: Pick<IamEnforcement, 'authorize'>,
): PublishedSite => {
  const fileOf = (key: string) => path.join(distDir, ...key.split('/'));
  const authorize = (requests: AccessRequest[]) => iam.authorize(currentFunction(), requests);
  const object = (key: string) => `${bucketArn(LOCAL_PUBLISHER_TARGETS.SITE_BUCKET)}/${key}`;
  const store = LOCAL_PUBLISHER_TARGETS.SITE_ROUTES_STORE_ARN;
  return {
    async put({ key, body }) {
      await authorize([{ action: 's3:PutObject', resource: object(key) }]);
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      await writeFile(fileOf(key), body);
    },
    async remove(key) {
      await authorize([{ action: 's3:DeleteObject', resource: object(key) }]);
      await rm(fileOf(key), { force: true });
    },
    async read(key) {
      await authorize([{ action: 's3:GetObject', resource: object(key) }]);
      return readFile(fileOf(key), 'utf8');
    },
    async route(wanted, owns) {
      await authorize([
        { action: 'cloudfront-keyvaluestore:DescribeKeyValueStore', resource: store },
        { action: 'cloudfront-keyvaluestore:ListKeys', resource: store },
      ]);
      const { puts, deletes } = routeChanges(routes.entries(), wanted, owns);
      if (puts.length === 0 && deletes.length === 0) return;
      await authorize([{ action: 'cloudfront-keyvaluestore:UpdateKeys', resource: store }]);
      routes.update(puts, deletes);
    },
    async invalidate() {
      await authorize([
        {
          action: 'cloudfront:CreateInvalidation',
          resource: distributionArn(LOCAL_PUBLISHER_TARGETS.SITE_DISTRIBUTION_ID),
        },
      ]);
      clearCache();
    },
  };
};
