import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ArchiveSite } from '#lambdas/campaigns/archive/publish-archive.ts';
import { ARCHIVE_ISSUE_VALUE } from '#shared/newsletter-archive.ts';
import type { LocalKeyValueStore } from './local-key-value-store';
import { currentFunction } from './iam/function-identity';
import type { IamEnforcement } from './iam/iam-enforcement';
import { bucketArn, distributionArn } from './iam/local-arns';
import type { AccessRequest } from './iam/policy-evaluator';

/** The names the publisher's environment gives its bucket, distribution and store on the twin. */
export const LOCAL_ARCHIVE_TARGETS = {
  SITE_BUCKET: 'local-site',
  SITE_DISTRIBUTION_ID: 'LOCALSITE',
  ARCHIVE_ISSUES_STORE_ARN: 'arn:aws:cloudfront::000000000000:key-value-store/local-archive-issues',
} as const;

/**
 * The newsletter archive's site on the local twin: the objects go into the served web/dist as
 * S3 keys map to files, the issues into the twin's KeyValueStore that its viewer-request function
 * reads, and "invalidating" empties the local server's file cache, as CloudFront's invalidation
 * makes the next request go to the origin. Each write is first authorized as the AWS call
 * aws-archive-site.ts makes for it (S3 PutObject/DeleteObject, the store's Describe and UpdateKeys,
 * CreateInvalidation), against the role of the function running it.
 */
export const localArchiveSite = (
  distDir: string,
  clearCache: () => void,
  issues: LocalKeyValueStore,
  iam: Pick<IamEnforcement, 'authorize'>,
): ArchiveSite => {
  const fileOf = (key: string) => path.join(distDir, ...key.split('/'));
  const authorize = (requests: AccessRequest[]) => iam.authorize(currentFunction(), requests);
  const object = (key: string) => `${bucketArn(LOCAL_ARCHIVE_TARGETS.SITE_BUCKET)}/${key}`;
  const store = LOCAL_ARCHIVE_TARGETS.ARCHIVE_ISSUES_STORE_ARN;
  return {
    async put(key, body) {
      await authorize([{ action: 's3:PutObject', resource: object(key) }]);
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      await writeFile(fileOf(key), body);
    },
    async remove(key) {
      await authorize([{ action: 's3:DeleteObject', resource: object(key) }]);
      await rm(fileOf(key), { force: true });
    },
    async listIssues(slugs) {
      await authorize([
        { action: 'cloudfront-keyvaluestore:ListKeys', resource: store },
        { action: 'cloudfront-keyvaluestore:DescribeKeyValueStore', resource: store },
        { action: 'cloudfront-keyvaluestore:UpdateKeys', resource: store },
      ]);
      const stale = issues.keys().filter((key) => !slugs.includes(key));
      issues.update(
        slugs.map((key) => ({ key, value: ARCHIVE_ISSUE_VALUE })),
        stale,
      );
    },
    async invalidate() {
      await authorize([
        {
          action: 'cloudfront:CreateInvalidation',
          resource: distributionArn(LOCAL_ARCHIVE_TARGETS.SITE_DISTRIBUTION_ID),
        },
      ]);
      clearCache();
    },
  };
};
