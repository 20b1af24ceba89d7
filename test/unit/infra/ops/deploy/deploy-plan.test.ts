import { cdkPlan, deploySummary, OUTPUTS_FILE, STACK_NAME, stackOutputs } from '#infra/ops/deploy/deploy-plan.ts';

const OUTPUTS = {
  SiteUrl: 'https://d111111abcdef8.cloudfront.net',
  DistributionDomainName: 'd111111abcdef8.cloudfront.net',
  DistributionId: 'EDFDVBD6EXAMPLE',
  ApiEndpoint: 'https://abc123.execute-api.ca-central-1.amazonaws.com',
};

describe('cdkPlan', () => {
  it("deploys the prod stack, ConsultancySite as always, writes its outputs and passes the operator's arguments on", () => {
    expect(STACK_NAME).toBe('ConsultancySite');
    expect(cdkPlan('deploy', ['-c', 'domainName=www.chinooktalent.ca', '--profile', 'prod'])).toEqual({
      args: [
        'deploy',
        'ConsultancySite',
        '--outputs-file',
        OUTPUTS_FILE,
        '-c',
        'domainName=www.chinooktalent.ca',
        '--profile',
        'prod',
      ],
      stage: 'prod',
      stackName: 'ConsultancySite',
    });
  });

  it('diffs the same stack with the same arguments, so the diff shows what that deploy would change', () => {
    const operatorArgs = ['-c', 'campaignSendRate=14', '--profile', 'prod'];
    expect(cdkPlan('diff', operatorArgs).args).toEqual(['diff', 'ConsultancySite', ...operatorArgs]);
  });

  it.each([
    [['-c', 'stage=staging']],
    [['--context', 'stage=staging']],
    [['--context=stage=staging']],
    [['-c=stage=staging']],
  ])("deploys and diffs the stage's own stack (%j)", (args) => {
    expect(cdkPlan('deploy', args)).toMatchObject({
      args: ['deploy', 'ConsultancySite-staging', '--outputs-file', OUTPUTS_FILE, ...args],
      stage: 'staging',
      stackName: 'ConsultancySite-staging',
    });
    expect(cdkPlan('diff', args).args.slice(0, 2)).toEqual(['diff', 'ConsultancySite-staging']);
  });

  it("takes cdk.json's stage when the command line sets none, and the command line's over it", () => {
    expect(cdkPlan('diff', [], 'staging').stackName).toBe('ConsultancySite-staging');
    expect(cdkPlan('diff', ['-c', 'stage=prod'], 'staging').stackName).toBe('ConsultancySite');
  });

  it('refuses a stage that cannot name a stack', () => {
    expect(() => cdkPlan('deploy', ['-c', 'stage=Staging'])).toThrow(/The stage .* must be lower-case letters/);
    expect(() => cdkPlan('deploy', ['-c', 'stage=a-very-long-stage-name-here'])).toThrow(/at most 20 characters/);
  });

  it.each([
    [['-c', 'siteUrl=https://www.chinooktalent.ca']],
    [['--context', 'siteUrl=https://x.ca']],
    [['--context=siteUrl=https://x.ca']],
  ])('refuses a site URL (%j)', (args) => {
    expect(() => cdkPlan('deploy', args)).toThrow('Do not pass -c siteUrl=...');
    expect(() => cdkPlan('diff', args)).toThrow('Do not pass -c siteUrl=...');
  });
});

describe('stackOutputs', () => {
  it("reads the stack's outputs from the cdk outputs file", () => {
    expect(stackOutputs(JSON.stringify({ [STACK_NAME]: OUTPUTS }))).toEqual(OUTPUTS);
  });

  it("reads a staging stack's outputs under its own name", () => {
    const file = JSON.stringify({ [STACK_NAME]: {}, 'ConsultancySite-staging': OUTPUTS });
    expect(stackOutputs(file, 'ConsultancySite-staging')).toEqual(OUTPUTS);
  });

  it('fails when the stack or its site outputs are missing', () => {
    expect(() => stackOutputs('{}')).toThrow(
      `${OUTPUTS_FILE} has no SiteUrl/DistributionDomainName outputs for ${STACK_NAME}`,
    );
  });
});

describe('deploySummary', () => {
  it('prints the site and the smoke command for it', () => {
    const lines = deploySummary(OUTPUTS);
    expect(lines).toContain('  Site:         https://d111111abcdef8.cloudfront.net');
    expect(lines.at(-1)).toBe('Prove it from outside: npm run smoke -- https://d111111abcdef8.cloudfront.net');
    expect(lines.join('\n')).not.toMatch(/DNS:|DKIM:/);
    expect(lines[0]).toBe('Deployed ConsultancySite.');
    expect(lines).toContain(
      '  Costs: activate the cost allocation tags project and stage once per account (Billing console, Cost allocation tags).',
    );
  });

  it("names a staging stack and gives its smoke command the stage (for --alarm-test's stack)", () => {
    const lines = deploySummary(OUTPUTS, 'staging');
    expect(lines[0]).toBe('Deployed ConsultancySite-staging.');
    expect(lines.at(-1)).toBe(
      'Prove it from outside: npm run smoke -- https://d111111abcdef8.cloudfront.net --stage staging',
    );
  });

  it("says where to point a custom domain and which DKIM records to publish (output ids carry CDK's hash suffix)", () => {
    const lines = deploySummary({
      ...OUTPUTS,
      SiteUrl: 'https://www.chinooktalent.ca',
      EmailDkimRecord2B5E0C1F7: 'b._domainkey.chinooktalent.ca CNAME b.dkim.amazonses.com',
      EmailDkimRecord1D9A4E2B3: 'a._domainkey.chinooktalent.ca CNAME a.dkim.amazonses.com',
    });
    expect(lines).toContain(
      '  DNS: point www.chinooktalent.ca at d111111abcdef8.cloudfront.net (CNAME, or an alias record in Route 53).',
    );
    const dkim = lines.indexOf(
      '  DKIM: publish these CNAME records for the sender domain (SES verifies it once they resolve):',
    );
    expect(lines.slice(dkim + 1, dkim + 3)).toEqual([
      '    a._domainkey.chinooktalent.ca CNAME a.dkim.amazonses.com',
      '    b._domainkey.chinooktalent.ca CNAME b.dkim.amazonses.com',
    ]);
    expect(lines.at(-1)).toBe('Prove it from outside: npm run smoke -- https://www.chinooktalent.ca');
  });
});
