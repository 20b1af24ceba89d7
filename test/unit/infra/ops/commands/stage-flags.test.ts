import { parseCampaignArgs } from '#infra/ops/commands/campaign.ts';
import { parseOpsArgs } from '#infra/ops/commands/ops.ts';
import { parseRedriveArgs } from '#infra/ops/commands/redrive-mail.ts';
import { stageStackName } from '#infra/ops/commands/stack-target.ts';
import { parseSmokeArgs } from '#infra/ops/smoke/smoke-args.ts';

/** `--stage`: the operator commands and the smoke test find a staging stack beside prod (infra/cdk/bin/stage.ts). */
describe('--stage on the operator commands', () => {
  it("reads --stage beside --target, and works on that stage's stack; prod's without it", () => {
    const ops = parseOpsArgs(['leads', '--target', 'aws', '--stage', 'staging'], Date.now());
    const redrive = parseRedriveArgs(['--target', 'aws', '--stage', 'staging']);
    const campaign = parseCampaignArgs(['status', 'spring', '--target', 'aws', '--stage', 'staging']);
    for (const args of [ops, redrive, campaign]) {
      expect(stageStackName(args.target, args.stage)).toBe('ConsultancySite-staging');
    }
    expect(stageStackName('aws', undefined)).toBe('ConsultancySite');
    expect(stageStackName('local', undefined)).toBe('ConsultancySite');
  });

  it('refuses --stage without --target aws: the local stack has no stages', () => {
    expect(() => stageStackName('local', 'staging')).toThrow(
      '--stage names a deployed stack: use it with --target aws (got --target local)',
    );
  });

  it('refuses a stage that cannot be a stack', () => {
    expect(() => stageStackName('aws', 'Staging')).toThrow(/The stage .* must be lower-case letters/);
  });
});

describe('--stage on the smoke test', () => {
  it("tests the stage's stack's alarm, or the stack --stack names, not both", () => {
    expect(parseSmokeArgs(['https://d1.cloudfront.net', '--stage', 'staging']).stackName).toBe(
      'ConsultancySite-staging',
    );
    expect(parseSmokeArgs(['https://d1.cloudfront.net', '--stage', 'prod']).stackName).toBe('ConsultancySite');
    expect(() => parseSmokeArgs(['https://d1.cloudfront.net', '--stage', 'staging', '--stack', 'Other'])).toThrow(
      /^Give --stack or --stage, not both\./,
    );
  });
});
