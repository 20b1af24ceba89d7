/**
 * The owners' images in the stack (decision 0053): only the Posts screen's function may write an
 * upload (the presigned POST it signs is authorized as its s3:PutObject) and only under
 * post-uploads/, read and delete one there, and write an accepted image under media/posts/; no
 * other function touches either prefix. The bucket lets the console's browser read the POST's
 * answer (CORS, POST only) and forgets an abandoned upload after a day.
 */
import { POST_MEDIA_PREFIX, POST_UPLOADS_PREFIX, RENDER_KIT_KEY } from '#shared/blog-site.ts';
import { FUNCTIONS, type FunctionName } from '#infra/cdk/constructs/functions.ts';
import { synthStack } from './support/app';
import { roleStatements } from './support/policies';

const { stack, template: templateOf } = synthStack();
const template = templateOf();
const bucketId = stack.getLogicalId(stack.site.bucket.node.defaultChild as never);
const objects = (pattern: string) => ({
  'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, `/${pattern}`]],
});
const handlers = stack.api.handlers as Partial<Record<FunctionName, Parameters<typeof roleStatements>[2]>>;
const s3Statements = (name: FunctionName) =>
  roleStatements(template, stack, handlers[name]!)
    .filter((statement) => JSON.stringify(statement.Action).includes('s3:'))
    .map(({ Action, Resource }) => ({ Action, Resource }));

describe("the owners' images", () => {
  it('lets consolePosts write uploads, read and delete them, and write accepted images, nothing more', () => {
    expect(s3Statements('consolePosts')).toEqual([
      { Action: 's3:GetObject', Resource: objects(RENDER_KIT_KEY) },
      { Action: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], Resource: objects(`${POST_UPLOADS_PREFIX}*`) },
      { Action: 's3:PutObject', Resource: objects(`${POST_MEDIA_PREFIX}*`) },
    ]);
  });

  it("tells consolePosts where the browser POSTs: the bucket's regional host, which the site's CSP names", () => {
    const regionalHost = { 'Fn::GetAtt': [bucketId, 'RegionalDomainName'] };
    const variables = Object.values(template.findResources('AWS::Lambda::Function'))
      .map((fn) => fn.Properties.Environment?.Variables ?? {})
      .filter((env) => env.POST_UPLOAD_URL);
    expect(variables.map((env) => env.POST_UPLOAD_URL)).toEqual([
      { 'Fn::Join': ['', ['https://', regionalHost, '/']] },
    ]);
    const [policy] = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(
      JSON.stringify(policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy),
    ).toContain(`connect-src 'self' https://",${JSON.stringify(regionalHost)},"; frame-ancestors`);
  });

  it('gives no other API function any S3 action on the uploads or the images', () => {
    for (const name of Object.keys(FUNCTIONS) as FunctionName[]) {
      if (name === 'consolePosts' || !handlers[name]) continue;
      const touching = s3Statements(name).filter((statement) =>
        /post-uploads|media\/posts|\/\*"/.test(JSON.stringify(statement.Resource)),
      );
      expect([name, touching]).toEqual([name, []]);
    }
  });

  it("lets the console's origin read a POST's answer, and expires an abandoned upload after a day", () => {
    const bucket = template.toJSON().Resources[bucketId].Properties;
    expect(bucket.CorsConfiguration).toEqual({
      CorsRules: [{ AllowedMethods: ['POST'], AllowedOrigins: ['https://*.cloudfront.net'], MaxAge: 3600 }],
    });
    expect(bucket.LifecycleConfiguration.Rules).toContainEqual({
      Id: 'AbandonedImageUploads',
      Prefix: POST_UPLOADS_PREFIX,
      ExpirationInDays: 1,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      Status: 'Enabled',
    });
  });
});
