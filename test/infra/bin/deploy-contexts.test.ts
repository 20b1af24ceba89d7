import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { parseAppContext } from '#infra/cdk/bin/app-inputs.ts';
import { SiteStack } from '#infra/cdk/constructs/site-stack.ts';
import { STACK_PROPS, TEST_CONTEXT } from '#test/infra/support/app.ts';

const CERTIFICATE_ARN = 'arn:aws:acm:us-east-1:111111111111:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789';
const BASE = {
  senderEmail: 'hello@chinooktalent.ca',
  notificationEmail: 'team@chinooktalent.ca',
  opsEmail: 'ops@chinooktalent.ca',
  owners: 'ann@chinooktalent.ca',
  mailingAddress: 'Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3',
};

/** The stack as `cdk deploy` builds it from these context keys (the web build from fixtures). */
function synthFromContext(context: Record<string, string>) {
  const app = new App({ context: { ...TEST_CONTEXT, ...BASE, ...context } });
  const stack = new SiteStack(app, 'TestSite', {
    ...STACK_PROPS,
    ...parseAppContext((key) => app.node.tryGetContext(key)),
  });
  const template = Template.fromStack(stack);
  const distribution = stack.getLogicalId(stack.site.distribution.node.defaultChild as never);
  const mailerSiteUrl = Object.values(template.findResources('AWS::Lambda::Function')).find(
    (fn) => fn.Properties.Environment?.Variables?.SITE_URL,
  )?.Properties.Environment.Variables.SITE_URL;
  return { template, distribution, mailerSiteUrl, siteUrlOutput: template.findOutputs('SiteUrl').SiteUrl.Value };
}

describe('the stack for each deploy context', () => {
  it("without a custom domain: the site URL, in emails and pages, is the distribution's own domain", () => {
    const { template, distribution, mailerSiteUrl, siteUrlOutput } = synthFromContext({});
    const distributionUrl = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distribution, 'DomainName'] }]] };
    expect(mailerSiteUrl).toEqual(distributionUrl);
    expect(siteUrlOutput).toEqual(distributionUrl);
    // The three uploads of the web build (the scorecard document has no site URL to fill in).
    const markers = Object.values(template.findResources('Custom::CDKBucketDeployment')).flatMap(
      (deployment) => deployment.Properties.SourceMarkers ?? [],
    );
    expect(markers).toHaveLength(3);
    for (const marker of markers) expect(Object.values(marker)).toEqual([distributionUrl]);
    template.resourceCountIs('AWS::SES::EmailIdentity', 1);
  });

  it('with a custom domain: that domain', () => {
    const { template, mailerSiteUrl, siteUrlOutput } = synthFromContext({
      domainName: 'www.chinooktalent.ca',
      certificateArn: CERTIFICATE_ARN,
    });
    expect(mailerSiteUrl).toBe('https://www.chinooktalent.ca');
    expect(siteUrlOutput).toBe('https://www.chinooktalent.ca');
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: ['www.chinooktalent.ca'],
        ViewerCertificate: { MinimumProtocolVersion: 'TLSv1.2_2021' },
      },
    });
  });

  it('with an existing sender identity: imported, not created', () => {
    const { template } = synthFromContext({ existingSenderIdentity: 'chinooktalent.ca' });
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    template.resourceCountIs('Custom::AWS', 1);
  });

  it('never with a siteUrl context key', () => {
    expect(() => synthFromContext({ siteUrl: 'https://d1234example.cloudfront.net' })).toThrow(
      /Context key "siteUrl" is not used/,
    );
  });
});
