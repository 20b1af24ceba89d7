import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import {
  HouseRules,
  NO_RESERVED_CONCURRENCY,
  synthCompliant,
  unacknowledgedFindings,
  VALIDATION_REPORT_FILE,
  type Finding,
} from '#infra/cdk/compliance.ts';
import type { SiteStackProps } from '#infra/cdk/constructs/site-stack.ts';
import { newStack, synthStack } from './support/app';

const CERTIFICATE_ARN = 'arn:aws:acm:us-east-1:111111111111:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789';
const CONTROL_TOWER = 'cdk-validator-cfnguard';

/** Synthesises with every pack and returns the findings nothing acknowledges, of every pack. */
function findingsOf(app: App): Finding[] {
  try {
    app.synth();
  } catch {
    // A failing pack throws after writing its report, which is what is read here.
  }
  return unacknowledgedFindings(app.outdir);
}

/**
 * Every pack at once (addCompliancePacks: cdk-nag AwsSolutions and Serverless, and the AWS Control
 * Tower proactive controls by cfn-guard), one synthesis per deploy configuration: synthesising
 * with the packs is the slowest thing the infra tests do.
 */
describe('the compliance packs on the whole app', () => {
  it.each<[string, Partial<SiteStackProps>]>([
    ['the default configuration', {}],
    [
      'a custom domain and a domain sender',
      {
        customDomain: { domainName: 'www.chinooktalent.ca', certificateArn: CERTIFICATE_ARN },
        senderEmail: 'chinooktalent.ca',
      },
    ],
    ['an existing sender identity', { existingSenderIdentity: 'hello@example.ca' }],
  ])('has no unacknowledged findings with %s', (_, overrides) => {
    const { app } = synthStack(overrides, { nag: true });
    expect(findingsOf(app)).toEqual([]);
  });

  it('still catches real findings of cdk-nag, of Control Tower and of the house rules (the gates are live)', () => {
    const { app, stack } = synthStack({}, { nag: true });
    new s3.Bucket(stack, 'Unlogged');
    new lambda.Function(stack, 'Limited', {
      runtime: lambda.Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('exports.handler = async () => {};'),
      reservedConcurrentExecutions: 1,
    });
    new logs.LogGroup(stack, 'ShortLived', {
      retention: logs.RetentionDays.ONE_WEEK,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    expect(findingsOf(app)).toEqual(
      expect.arrayContaining([
        { plugin: 'AwsSolutions', rule: 'AwsSolutions-S1', construct: 'TestSite/Unlogged/Resource' },
        {
          plugin: CONTROL_TOWER,
          rule: 'cloudwatch_log_group_retention_period_check',
          construct: 'TestSite/ShortLived/Resource',
        },
        { plugin: 'HouseRules', rule: NO_RESERVED_CONCURRENCY, construct: 'TestSite/Limited/Resource' },
      ]),
    );
  });

  it('acknowledges nothing without a written reason', () => {
    const { app } = synthStack({}, { nag: true });
    const reasons = app.node
      .findAll()
      .flatMap((construct) => construct.node.metadata)
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.values(entry.data as Record<string, string>));
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(reason.length).toBeGreaterThan(20);
  });
});

describe('unacknowledgedFindings', () => {
  it('counts violations even when the plugin reports success (as cfn-guard can)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'assembly-'));
    const violation = {
      ruleName: 'kms_create_grant_aws_service_check',
      violatingConstructs: [{ constructPath: 'Stack/Key/Resource' }],
    };
    writeFileSync(
      path.join(dir, VALIDATION_REPORT_FILE),
      JSON.stringify({
        pluginReports: [{ pluginName: CONTROL_TOWER, conclusion: 'success', violations: [violation] }],
      }),
    );
    expect(unacknowledgedFindings(dir)).toEqual([
      { plugin: CONTROL_TOWER, rule: 'kms_create_grant_aws_service_check', construct: 'Stack/Key/Resource' },
    ]);
  });

  it('finds nothing when no validation report was written', () => {
    expect(unacknowledgedFindings(mkdtempSync(path.join(tmpdir(), 'assembly-')))).toEqual([]);
  });
});

/**
 * The house rules alone (fast: no cdk-nag, no cfn-guard): no function reserves concurrency, as a
 * new account's first deploy would fail on it (infra/cdk/compliance.ts, HouseRules).
 */
describe('the house rule against reserved concurrency', () => {
  const withHouseRules = (app: App) => {
    Validations.of(app).addPlugins(new HouseRules());
    return app;
  };
  const aFunction = (stack: ReturnType<typeof newStack>, props: Partial<lambda.FunctionProps> = {}) =>
    new lambda.Function(stack, 'Limited', {
      runtime: lambda.Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('exports.handler = async () => {};'),
      ...props,
    });

  it('passes the whole stack: no function of it reserves concurrency', () => {
    const { app } = synthStack({});
    withHouseRules(app);
    expect(() => synthCompliant(app)).not.toThrow();
  });

  it('fails synthesis on a function with reserved concurrency, naming it, and cannot be acknowledged', () => {
    const stack = newStack();
    const app = withHouseRules(stack.node.root as App);
    const fn = aFunction(stack, { reservedConcurrentExecutions: 1 });
    Validations.of(fn).acknowledge({
      id: NO_RESERVED_CONCURRENCY,
      reason: 'An acknowledgement must not lift this rule.',
    });
    expect(findingsOf(app)).toEqual([
      { plugin: 'HouseRules', rule: NO_RESERVED_CONCURRENCY, construct: 'TestConstructs/Limited/Resource' },
    ]);
    expect(() =>
      synthCompliant(withHouseRules(newStackWith((s) => aFunction(s, { reservedConcurrentExecutions: 1 })))),
    ).toThrow(/FATAL A Lambda function reserves concurrency[\s\S]*TestConstructs\/Limited\/Resource/);
  });

  it('catches it when set by a property override on the CloudFormation resource', () => {
    const stack = newStack();
    const app = withHouseRules(stack.node.root as App);
    const fn = aFunction(stack);
    (fn.node.defaultChild as lambda.CfnFunction).addPropertyOverride('ReservedConcurrentExecutions', 0);
    expect(findingsOf(app)).toEqual([
      { plugin: 'HouseRules', rule: NO_RESERVED_CONCURRENCY, construct: 'TestConstructs/Limited/Resource' },
    ]);
  });
});

/** A fresh empty stack's app with whatever `add` puts in the stack. */
function newStackWith(add: (stack: ReturnType<typeof newStack>) => unknown): App {
  const stack = newStack();
  add(stack);
  return stack.node.root as App;
}
