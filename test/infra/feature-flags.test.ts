import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { addCompliancePacks, synthCompliant } from '#infra/cdk/compliance.ts';
import { SiteStack } from '#infra/cdk/constructs/site-stack.ts';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { newTestApp, STACK_PROPS } from './support/app';

/**
 * The CDK feature flags in cdk.json (docs/decisions/0015-stages-budget-and-feature-flags.md):
 * every flag aws-cdk-lib recommends for new projects is set, to its recommended value unless the
 * decision record keeps the old one; and what `cdk synth` builds with them still passes the
 * compliance packs and replaces no resource of a deployed stack (a retained table or bucket above all).
 */
const cdkContext = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')).context as Record<
  string,
  unknown
>;
const recommended = JSON.parse(
  readFileSync(require.resolve('aws-cdk-lib/recommended-feature-flags.json'), 'utf8'),
) as Record<string, unknown>;

/** Flags kept at their old value, each with its reason in decision 0015: none since its amendment of 2026-11-28. */
const KEPT = {};

/** The flags cdk.json set before it took every recommended one: what the deployed stack was built with. */
const EARLIER_FLAGS = {
  '@aws-cdk/aws-lambda:recognizeLayerVersion': true,
  '@aws-cdk/core:checkSecretUsage': true,
  '@aws-cdk/aws-iam:minimizePolicies': true,
  '@aws-cdk/aws-s3:createDefaultLoggingPolicy': true,
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
  '@aws-cdk/aws-cloudfront:defaultSecurityPolicyTLSv1.2_2021': true,
};

const flagsOf = (context: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(context).filter(([key]) => key.startsWith('@aws-cdk')));

describe('CDK feature flags', () => {
  it('sets every recommended flag, at its recommended value but for those decision 0015 keeps', () => {
    // The one flag beyond the list (TLSv1.2_2021) was set before and is kept.
    expect(flagsOf(cdkContext)).toEqual({ ...EARLIER_FLAGS, ...recommended, ...KEPT });
  });

  it("synthesises with cdk.json's flags, passing the compliance packs, with the same resources as with the flags it had before", () => {
    const synth = (context: Record<string, unknown>, options: { compliance: boolean }) => {
      const app = newTestApp(context);
      const stack = new SiteStack(app, 'ConsultancySite', STACK_PROPS);
      if (options.compliance) {
        addCompliancePacks(app);
        expect(() => synthCompliant(app)).not.toThrow();
      }
      return Template.fromStack(stack).toJSON().Resources as Record<string, { Type: string; DeletionPolicy?: string }>;
    };
    const flagged = synth(flagsOf(cdkContext), { compliance: true });
    const unflagged = synth(EARLIER_FLAGS, { compliance: false });
    const shape = (resources: typeof flagged) =>
      Object.fromEntries(Object.entries(resources).map(([id, resource]) => [id, resource.Type]));
    // Same logical ids and types: CloudFormation replaces nothing because of a flag.
    expect(shape(flagged)).toEqual(shape(unflagged));
    const retained = Object.keys(unflagged).filter((id) => unflagged[id].DeletionPolicy === 'Retain');
    expect(retained.length).toBeGreaterThanOrEqual(7);
    for (const id of retained) expect(flagged[id]).toEqual(unflagged[id]);
  });
});
