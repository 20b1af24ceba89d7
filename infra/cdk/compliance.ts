import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  Validations,
  type App,
  type IPolicyValidationContext,
  type IPolicyValidationPlugin,
  type PolicyValidationPluginReport,
} from 'aws-cdk-lib';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';

/**
 * The rule packs the app must pass, run as CDK validation plugins in `cdk synth` and in the
 * infra tests alike: cdk-nag (AwsSolutions, Serverless), the AWS Control Tower proactive
 * controls (cfn-guard, docs/decisions/0011-control-tower-controls.md) and the house rules
 * (HouseRules). Every acknowledgement sits next to the resource it concerns, with its reason.
 */
export function addCompliancePacks(app: App): void {
  Validations.of(app).addPlugins(
    new AwsSolutionsChecks(app),
    new ServerlessChecks(app),
    new CfnGuardValidator(),
    new HouseRules(),
  );
}

/** The house rule against reserved concurrency, by its name in the validation report. */
export const NO_RESERVED_CONCURRENCY = 'no-reserved-concurrency';

const RESERVED_CONCURRENCY_REFUSED =
  "A Lambda function reserves concurrency (ReservedConcurrentExecutions). Lambda keeps at least 100 of an account's executions unreserved, and a new account's concurrency quota can be 10 or 50, so the stack's first deploy would fail there and roll back. Limit the function's runs another way (the newsletter publisher's lease: lambdas/campaigns/archive/one-run-at-a-time.ts).";

/**
 * Rules of this project that no pack has, read from the synthesised templates (so an L1 property,
 * an override or a construct library's own function is caught as much as our HouseFunction).
 * Their violations are fatal: an acknowledgement cannot suppress them.
 *
 * - **No reserved concurrency** on any function. Lambda lets a function reserve only "up to the
 *   Unreserved account concurrency value that is shown, minus 100 for functions that don't have
 *   reserved concurrency" (https://docs.aws.amazon.com/lambda/latest/dg/configuration-concurrency.html,
 *   as quoted on https://repost.aws/questions/QUzGtqXgNdSNCHkmM0qJ2NfA), and "New AWS accounts have
 *   reduced concurrency and memory quotas" (https://docs.aws.amazon.com/lambda/latest/dg/limits.html):
 *   on an account whose quota is below 101 the deploy fails with "…decreases account's
 *   UnreservedConcurrentExecution below its minimum value of [10]" and the whole stack rolls back.
 */
export class HouseRules implements IPolicyValidationPlugin {
  readonly name = 'HouseRules';
  readonly ruleIds = [NO_RESERVED_CONCURRENCY];

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    const violatingResources = context.stackTemplates.flatMap(({ templatePath }) => {
      const template = JSON.parse(readFileSync(templatePath, 'utf8')) as {
        Resources?: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
      };
      return Object.entries(template.Resources ?? {})
        .filter(
          ([, resource]) =>
            /^AWS::(Lambda|Serverless)::Function$/.test(resource.Type) &&
            resource.Properties?.ReservedConcurrentExecutions !== undefined,
        )
        .map(([resourceLogicalId]) => ({
          resourceLogicalId,
          templatePath,
          locations: [`Resources/${resourceLogicalId}/Properties/ReservedConcurrentExecutions`],
        }));
    });
    return {
      success: violatingResources.length === 0,
      violations:
        violatingResources.length === 0
          ? []
          : [
              {
                ruleName: NO_RESERVED_CONCURRENCY,
                description: RESERVED_CONCURRENCY_REFUSED,
                fix: 'Remove reservedConcurrentExecutions (ReservedConcurrentExecutions) from the function.',
                severity: 'fatal',
                violatingResources,
              },
            ],
    };
  }
}

/** The id that acknowledges a Control Tower control, by its cfn-guard rule name. */
export const controlTowerRule = (ruleName: string) => `cdk-validator-cfnguard::${ruleName}`;

/** Written by CDK into the cloud assembly whenever validation plugins ran. */
export const VALIDATION_REPORT_FILE = 'validation-report.json';

export interface Finding {
  readonly plugin: string;
  readonly rule: string;
  readonly construct: string;
}

interface ValidationReport {
  pluginReports: {
    pluginName: string;
    violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}

/**
 * Every finding no acknowledgement covers, read from the assembly's validation report.
 * The report itself cannot be trusted to fail: a plugin may conclude "success" with
 * violations (seen with the cfn-guard plugin), so the violations are counted here.
 */
export function unacknowledgedFindings(assemblyDir: string): Finding[] {
  const file = path.join(assemblyDir, VALIDATION_REPORT_FILE);
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as ValidationReport;
  return report.pluginReports.flatMap((plugin) =>
    plugin.violations.flatMap((violation) =>
      violation.violatingConstructs.map((construct) => ({
        plugin: plugin.pluginName,
        rule: violation.ruleName,
        construct: construct.constructPath,
      })),
    ),
  );
}

/** Synthesises and fails, naming each finding, unless every finding is acknowledged. */
export function synthCompliant(app: App): void {
  const { directory } = app.synth();
  const findings = unacknowledgedFindings(directory);
  if (findings.length > 0) {
    const lines = findings.map((finding) => `  ${finding.plugin} ${finding.rule}: ${finding.construct}`);
    throw new Error(`${findings.length} unacknowledged compliance findings:\n${lines.join('\n')}`);
  }
}
