import { Match, Template } from 'aws-cdk-lib/assertions';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { ScorecardDocument } from '#infra/cdk/constructs/scorecard-document.ts';
import { FIXTURE_SCORECARD, newStack } from '#test/infra/support/app.ts';

function build(documentFile = FIXTURE_SCORECARD) {
  const stack = newStack();
  const document = new ScorecardDocument(stack, 'Scorecard', {
    documentFile,
    accessLogsBucket: new s3.Bucket(stack, 'Logs'),
    deploymentLogGroup: new logs.LogGroup(stack, 'DeployLogs'),
  });
  return { document, template: Template.fromStack(stack) };
}

describe('ScorecardDocument', () => {
  const { document, template } = build();

  it('keeps the document in a private, encrypted, TLS-only, logged bucket', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LoggingConfiguration: { LogFilePrefix: 's3/scorecard/' },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('uploads only the document, under scorecard/', () => {
    expect(document.key).toBe('scorecard/human-relations-scorecard.pdf');
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'scorecard/',
      Exclude: ['*'],
      Include: ['human-relations-scorecard.pdf'],
    });
  });

  it('rejects a relative path', () => {
    expect(() => build('infra/cdk/assets/scorecard/doc.pdf')).toThrow(/absolute path/);
  });
});
