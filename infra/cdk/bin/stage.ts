/**
 * The stage (context `stage`, default `prod`) and the stack name it gives: what the entry
 * (infra/cdk/bin/app.ts) deploys, and what `npm run deploy`, `npm run diff`, the operator commands and
 * the smoke test look up. A second stage (`-c stage=staging`) is a second stack in the same
 * account; every physical name in it is CloudFormation's or derived from its stack name, so the
 * two never clash (docs/operations.md, "Deploying", "A second stage").
 */

/** The stage of the stack that has always been deployed. */
export const DEFAULT_STAGE = 'prod';

/** The product's one region (Canadian data residency). */
export const REGION = 'ca-central-1';

/**
 * The value of the `project` cost allocation tag on every resource: with `stage`, what the
 * Billing console's cost allocation tags and Cost Explorer group the bill by.
 */
export const PROJECT_TAG = 'consultancy-site';

/**
 * Lower case, a letter first, at most 20 characters: it ends up in the stack name, the tags and
 * the names CDK derives from the stack name (CloudFront functions and policies, the metric
 * namespace, the budget), some of which allow only letters, digits and hyphens, 64 at most.
 */
const STAGE_NAME = /^[a-z](?:[a-z0-9-]{0,18}[a-z0-9])?$/;

export const STAGE_REFUSED = (value: unknown) =>
  `The stage (context key "stage", or --stage) must be lower-case letters, digits and hyphens, a letter first, at most 20 characters (e.g. staging), got ${JSON.stringify(value)}`;

/** The stage from a context value or a command-line flag: `prod` when unset. */
export function parseStage(value: unknown): string {
  if (value === undefined || value === null || value === '') return DEFAULT_STAGE;
  if (typeof value !== 'string' || !STAGE_NAME.test(value)) throw new Error(STAGE_REFUSED(value));
  return value;
}

/**
 * `ConsultancySite` for prod, the name the stack has always had (renaming it would make
 * CloudFormation create a second stack beside the first, retained tables and buckets and all);
 * `ConsultancySite-<stage>` for any other stage.
 */
export function stackNameOf(stage: string): string {
  return stage === DEFAULT_STAGE ? 'ConsultancySite' : `ConsultancySite-${parseStage(stage)}`;
}
