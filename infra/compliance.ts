import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Validations, type App } from 'aws-cdk-lib';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';

/**
 * The rule packs the app must pass, run as CDK validation plugins in `cdk synth` and in the
 * infra tests alike: cdk-nag (AwsSolutions, Serverless) and the AWS Control Tower proactive
 * controls (cfn-guard, docs/decisions/0011-control-tower-controls.md). Every acknowledgement sits
 * next to the resource it concerns, with its reason.
 */
export function addCompliancePacks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app), new CfnGuardValidator());
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
