import { SESSION_COOKIE } from '#shared/console/common.ts';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Site, type SiteProps } from '#infra/cdk/constructs/site.ts';
import { cspHash } from '#web/build/csp-hashes.ts';
import { contentSecurityPolicy, securityHeaders } from '#infra/cdk/site/security-headers.ts';
import { newStack } from '#test/infra/support/app.ts';

const CERTIFICATE_ARN = 'arn:aws:acm:us-east-1:111111111111:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789';
/** The CSP sources of a (stand-in) inlined stylesheet and boot script, as the web build computes them. */
const STYLE_HASH = cspHash('main{color:#1d2433}');
const SCRIPT_HASH = cspHash('void 0');
const CSP_HASHES = { styles: [STYLE_HASH], scripts: [SCRIPT_HASH] };
const SECURITY_HEADERS = securityHeaders(CSP_HASHES);

function build(overrides: Partial<SiteProps> = {}) {
  const stack = newStack();
  const site = new Site(stack, 'Site', {
    routes: ['/', '/about'],
    cspHashes: CSP_HASHES,
    apiDomainName: 'abc123.execute-api.ca-central-1.amazonaws.com',
    apiOriginHeaders: {
      'x-origin-verify':
        '{{resolve:secretsmanager:arn:aws:secretsmanager:ca-central-1:111111111111:secret:OriginVerify:SecretString:::}}',
    },
    accessLogsBucket: new s3.Bucket(stack, 'Logs', { objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED }),
    ...overrides,
  });
  return { stack, site, template: Template.fromStack(stack) };
}

const distributionConfig = (template: Template) => {
  const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
  return distribution.Properties.DistributionConfig;
};

describe('Site', () => {
  const { template } = build();

  it('keeps the bucket private: block public access, TLS only, versioned, encrypted, logged', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LoggingConfiguration: { LogFilePrefix: 's3/site/' },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: Match.stringLikeRegexp('^SiteBucket') },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: ['s3:GetObject', 's3:ListBucket'],
          }),
        ]),
      },
    });
  });

  it('reads the bucket through Origin Access Control', () => {
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
    const config = distributionConfig(template);
    const s3Origin = config.Origins.find((origin: { S3OriginConfig?: unknown }) => origin.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(s3Origin.S3OriginConfig.OriginAccessIdentity).toBe('');
  });

  it('runs both edge functions (cloudfront-js-2.0) on the default behaviour', () => {
    template.resourceCountIs('AWS::CloudFront::Function', 2);
    template.allResourcesProperties('AWS::CloudFront::Function', {
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
    const behaviour = distributionConfig(template).DefaultCacheBehavior;
    expect(
      behaviour.FunctionAssociations.map((association: { EventType: string }) => association.EventType).sort(),
    ).toEqual(['viewer-request', 'viewer-response']);
    expect(behaviour).toMatchObject({ Compress: true, ViewerProtocolPolicy: 'redirect-to-https' });
    expect(behaviour.ResponseHeadersPolicyId).toBeDefined();
  });

  it('forwards /api/* to API Gateway uncached, all methods, through its own origin request policy, same headers policy', () => {
    const config = distributionConfig(template);
    const [api] = config.CacheBehaviors;
    expect(config.CacheBehaviors).toHaveLength(1);
    expect(api).toMatchObject({
      PathPattern: '/api/*',
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: { Ref: expect.stringMatching(/^SiteApiOriginRequests/) },
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      ViewerProtocolPolicy: 'redirect-to-https',
      ResponseHeadersPolicyId: config.DefaultCacheBehavior.ResponseHeadersPolicyId,
    });
    expect(api.FunctionAssociations).toBeUndefined();
    const apiOrigin = config.Origins.find((origin: { Id: string }) => origin.Id === api.TargetOriginId);
    expect(apiOrigin).toMatchObject({
      DomainName: 'abc123.execute-api.ca-central-1.amazonaws.com',
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
    });
  });

  it('sends the origin-verify secret to the API origin only, as the dynamic reference it was given', () => {
    const config = distributionConfig(template);
    const [api] = config.CacheBehaviors;
    const apiOrigin = config.Origins.find((origin: { Id: string }) => origin.Id === api.TargetOriginId);
    expect(apiOrigin.OriginCustomHeaders).toEqual([
      {
        HeaderName: 'x-origin-verify',
        HeaderValue: expect.stringMatching(/^\{\{resolve:secretsmanager:.+:SecretString:::\}\}$/),
      },
    ]);
    const s3Origin = config.Origins.find((origin: { Id: string }) => origin.Id !== api.TargetOriginId);
    expect(s3Origin.OriginCustomHeaders).toBeUndefined();
  });

  it("forwards the viewer's address (CloudFront-Viewer-Address), the headers the API reads and the console's session cookie alone, never Host", () => {
    const [policy] = Object.values(template.findResources('AWS::CloudFront::OriginRequestPolicy'));
    const config = policy.Properties.OriginRequestPolicyConfig;
    expect(config).toMatchObject({
      HeadersConfig: { HeaderBehavior: 'whitelist' },
      QueryStringsConfig: { QueryStringBehavior: 'all' },
      CookiesConfig: { CookieBehavior: 'whitelist', Cookies: [SESSION_COOKIE] },
    });
    const headers: string[] = config.HeadersConfig.Headers;
    expect(headers).toEqual(expect.arrayContaining(['CloudFront-Viewer-Address', 'Content-Type', 'User-Agent']));
    expect(headers.map((header) => header.toLowerCase())).not.toContain('host');
    // CloudFront's quota: at most 10 headers in an origin request policy.
    expect(headers.length).toBeLessThanOrEqual(10);
  });

  it('has no distribution-wide error responses (they would rewrite API errors)', () => {
    expect(distributionConfig(template).CustomErrorResponses).toBeUndefined();
  });

  it("keeps no access log, so no viewer's address is stored (issue 32)", () => {
    expect(distributionConfig(template).Logging).toBeUndefined();
  });

  it('sends the shared security headers, the CSP letting the console POST an image to the bucket', () => {
    const { stack, site, template } = build();
    const csp = contentSecurityPolicy(CSP_HASHES, [`https://${site.bucket.bucketRegionalDomainName}`]);
    expect(csp).toContain("connect-src 'self' https://");
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: 63072000,
            IncludeSubdomains: true,
            Preload: true,
            Override: true,
          },
          ContentSecurityPolicy: { ContentSecurityPolicy: stack.resolve(csp), Override: true },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        },
        CustomHeadersConfig: {
          Items: [{ Header: 'Permissions-Policy', Value: SECURITY_HEADERS['Permissions-Policy'], Override: true }],
        },
      },
    });
  });

  it('uses the default certificate without a custom domain', () => {
    expect(distributionConfig(template).Aliases).toBeUndefined();
    expect(distributionConfig(template).ViewerCertificate).toBeUndefined();
  });

  it('serves a custom domain with its certificate and TLS 1.2 minimum', () => {
    const custom = build({ customDomain: { domainName: 'www.example.ca', certificateArn: CERTIFICATE_ARN } });
    expect(distributionConfig(custom.template)).toMatchObject({
      Aliases: ['www.example.ca'],
      ViewerCertificate: {
        AcmCertificateArn: CERTIFICATE_ARN,
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      },
    });
  });

  it.each([
    ['a bad domain', { domainName: 'not a domain', certificateArn: CERTIFICATE_ARN }],
    [
      'a certificate outside us-east-1',
      { domainName: 'www.example.ca', certificateArn: CERTIFICATE_ARN.replace('us-east-1', 'ca-central-1') },
    ],
  ])('rejects %s', (_, customDomain) => {
    expect(() => build({ customDomain })).toThrow();
  });
});

describe('security headers module', () => {
  it('renders HSTS exactly as CloudFront does for the policy values', () => {
    expect(SECURITY_HEADERS['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains; preload');
  });

  it('has a CSP without unsafe-inline and with the required directives', () => {
    const csp = SECURITY_HEADERS['Content-Security-Policy'];
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("allows inline styles and scripts by the build's hashes only", () => {
    expect(STYLE_HASH).toBe("'sha256-7t21rNg8ZOiD29ZMEbGm4d3jPUj6PfIPWOPN5Xnnk70='");
    expect(SECURITY_HEADERS['Content-Security-Policy']).toContain(`style-src 'self' ${STYLE_HASH};`);
    expect(SECURITY_HEADERS['Content-Security-Policy']).toContain(`script-src 'self' ${SCRIPT_HASH};`);
    expect(contentSecurityPolicy({ styles: [], scripts: [] })).toContain("script-src 'self'; style-src 'self';");
    expect(() => contentSecurityPolicy({ styles: ["'unsafe-inline'"], scripts: [] })).toThrow(
      'Not a CSP sha256 source',
    );
  });

  it('lists the six headers the local server sends', () => {
    expect(Object.keys(SECURITY_HEADERS).sort()).toEqual([
      'Content-Security-Policy',
      'Permissions-Policy',
      'Referrer-Policy',
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'X-Frame-Options',
    ]);
  });
});
