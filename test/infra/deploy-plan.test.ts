import { cdkDeployArgs, deploySummary, OUTPUTS_FILE, STACK_NAME, stackOutputs } from '#infra/deploy/deploy-plan.ts';

const OUTPUTS = {
  SiteUrl: 'https://d111111abcdef8.cloudfront.net',
  DistributionDomainName: 'd111111abcdef8.cloudfront.net',
  DistributionId: 'EDFDVBD6EXAMPLE',
  ApiEndpoint: 'https://abc123.execute-api.ca-central-1.amazonaws.com',
};

describe('cdkDeployArgs', () => {
  it("deploys the one stack, writes its outputs and passes the operator's arguments on", () => {
    expect(cdkDeployArgs(['-c', 'domainName=www.chinooktalent.ca', '--profile', 'prod'])).toEqual([
      'deploy',
      STACK_NAME,
      '--outputs-file',
      OUTPUTS_FILE,
      '-c',
      'domainName=www.chinooktalent.ca',
      '--profile',
      'prod',
    ]);
  });

  it.each([
    [['-c', 'siteUrl=https://www.chinooktalent.ca']],
    [['--context', 'siteUrl=https://x.ca']],
    [['--context=siteUrl=https://x.ca']],
  ])('refuses a site URL (%j)', (args) => {
    expect(() => cdkDeployArgs(args)).toThrow('Do not pass -c siteUrl=...');
  });
});

describe('stackOutputs', () => {
  it("reads the stack's outputs from the cdk outputs file", () => {
    expect(stackOutputs(JSON.stringify({ [STACK_NAME]: OUTPUTS }))).toEqual(OUTPUTS);
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
