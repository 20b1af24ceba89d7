import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { DeadLetterQueue } from '#infra/cdk/constructs/dead-letter-queue.ts';
import { FUNCTIONS, sizingProblem } from '#infra/cdk/constructs/functions.ts';
import { HouseFunction } from '#infra/cdk/constructs/house-function.ts';
import { newStack } from '#test/infra/support/app.ts';

const table = (stack: ReturnType<typeof newStack>, id: string) =>
  new dynamodb.Table(stack, id, { partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING } });

describe('HouseFunction', () => {
  it('fixes runtime, architecture, JSON logging and its own log group; entry, description and sizing from the catalogue', () => {
    // Prepare
    const stack = newStack();
    // Act
    new HouseFunction(stack, 'Fn', { name: 'apiFallback' });
    // Assess
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: FUNCTIONS.apiFallback.description,
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Timeout: 10,
      MemorySize: 512,
      Handler: 'index.handler',
      LoggingConfig: { LogFormat: 'JSON', LogGroup: Match.anyValue() },
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 365 });
    template.hasResourceProperties('AWS::IAM::Role', {
      Description: `${FUNCTIONS.apiFallback.description} (apiFallback)`,
    });
  });

  it('uses its own role with no managed policies, writing only to its log group', () => {
    const stack = newStack();
    new HouseFunction(stack, 'Fn', { name: 'apiFallback' });
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::IAM::Role', { ManagedPolicyArns: Match.absent() });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [
          {
            Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
            Effect: 'Allow',
            Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^FnLogs'), 'Arn'] },
          },
        ],
      },
    });
  });

  it("takes each function's own timeout from the catalogue, and a retention override", () => {
    const stack = newStack();
    new HouseFunction(stack, 'Fn', { name: 'mailSweep', logRetention: logs.RetentionDays.ONE_WEEK });
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Timeout: FUNCTIONS.mailSweep.timeoutSeconds,
      MemorySize: FUNCTIONS.mailSweep.memorySize,
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 7 });
  });

  it('every function of the catalogue is sized within what Lambda accepts', () => {
    expect(Object.entries(FUNCTIONS).filter(([, spec]) => sizingProblem(spec))).toEqual([]);
  });

  it.each([
    ['a zero timeout', { timeoutSeconds: 0, memorySize: 512 }],
    ['a timeout over 15 minutes', { timeoutSeconds: 16 * 60, memorySize: 512 }],
    ['too little memory', { timeoutSeconds: 10, memorySize: 64 }],
    ['fractional memory', { timeoutSeconds: 10, memorySize: 256.5 }],
  ])('rejects %s', (_, sizing) => {
    expect(sizingProblem(sizing)).toEqual(expect.any(String));
  });

  it('bindTable grants the access level and sets the variable together', () => {
    const stack = newStack();
    const subscribers = table(stack, 'Subscribers');
    new HouseFunction(stack, 'Fn', { name: 'getSubscriber' }).bindTable(
      { table: subscribers, envName: 'SUBSCRIBERS_TABLE' },
      'read',
    );
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { SUBSCRIBERS_TABLE: { Ref: Match.stringLikeRegexp('^Subscribers') } } },
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'dynamodb:GetItem',
            Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Subscribers'), 'Arn'] },
          }),
        ]),
      },
    });
  });

  it('bindTable grants exact actions on the table, and Query on the named indexes only', () => {
    const stack = newStack();
    const leads = table(stack, 'Leads');
    new HouseFunction(stack, 'Fn', { name: 'mailSweep' }).bindTable(
      { table: leads, envName: 'LEADS_TABLE' },
      ['GetItem', 'UpdateItem'],
      { queryIndexes: ['MailDue'] },
    );
    const statements = Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy')).flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[],
    );
    const tableArn = { 'Fn::GetAtt': [expect.stringMatching(/^Leads/), 'Arn'] };
    expect(statements.filter((statement) => JSON.stringify(statement.Action).includes('dynamodb:'))).toEqual([
      expect.objectContaining({ Action: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], Resource: tableArn }),
      expect.objectContaining({
        Action: 'dynamodb:Query',
        Resource: { 'Fn::Join': ['', [tableArn, '/index/MailDue']] },
      }),
    ]);
  });

  it('bindQueue grants exactly the actions on the queue (no GetQueueAttributes or GetQueueUrl) and passes its URL', () => {
    const stack = newStack();
    const queue = new sqs.Queue(stack, 'Letters');
    new HouseFunction(stack, 'Fn', { name: 'mailer' }).bindQueue(queue, 'MAIL_DEAD_LETTER_QUEUE_URL', ['SendMessage']);
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { MAIL_DEAD_LETTER_QUEUE_URL: { Ref: Match.stringLikeRegexp('^Letters') } } },
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          {
            Action: 'sqs:SendMessage',
            Effect: 'Allow',
            Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Letters'), 'Arn'] },
          },
        ]),
      },
    });
  });

  it('bindScorecardDocument grants s3:GetObject on that one object only', () => {
    const stack = newStack();
    const bucket = new s3.Bucket(stack, 'Docs');
    new HouseFunction(stack, 'Fn', { name: 'downloadScorecard' }).bindScorecardDocument({
      bucket,
      key: 'scorecard/doc.pdf',
    });
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          {
            Action: 's3:GetObject',
            Effect: 'Allow',
            Resource: {
              'Fn::Join': ['', [{ 'Fn::GetAtt': [Match.stringLikeRegexp('^Docs'), 'Arn'] }, '/scorecard/doc.pdf']],
            },
          },
        ]),
      },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { SCORECARD_BUCKET: Match.anyValue(), SCORECARD_KEY: 'scorecard/doc.pdf' } },
    });
  });

  it('sets a dead-letter queue when given one', () => {
    const stack = newStack();
    new HouseFunction(stack, 'Fn', {
      name: 'sesEvents',
      deadLetterQueue: new DeadLetterQueue(stack, 'Dlq'),
    });
    Template.fromStack(stack).hasResourceProperties('AWS::Lambda::Function', {
      DeadLetterConfig: { TargetArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Dlq'), 'Arn'] } },
    });
  });
});

describe('HouseFunction bundling (as cdk deploy builds it)', () => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'house-function-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  const assetDirs = () => {
    // Bundling on, as `cdk synth` and `cdk deploy` run it (the other tests skip it).
    const app = new App({ outdir });
    const stack = new Stack(app, 'Bundled', { env: { region: 'ca-central-1', account: '111111111111' } });
    new HouseFunction(stack, 'Fallback', { name: 'apiFallback' });
    new HouseFunction(stack, 'SignIn', { name: 'consoleAuth' });
    const keys = Template.fromStack(stack).findResources('AWS::Lambda::Function').valueOf() as Record<
      string,
      { Properties: { Code: { S3Key: string } } }
    >;
    const assembly = app.synth().directory;
    return Object.fromEntries(
      Object.entries(keys).map(([logicalId, { Properties }]) => [
        logicalId.startsWith('Fallback') ? 'fallback' : 'signIn',
        path.join(assembly, `asset.${Properties.Code.S3Key.replace(/\.zip$/, '')}`),
      ]),
    );
  };

  it('gives each function its own code, code-split: what a route imports later is in chunks/ beside index.mjs', () => {
    const { fallback, signIn } = assetDirs();
    const chunkFiles = readdirSync(path.join(signIn, 'chunks'));
    // A WebAuthn attestation field: the passkey library, which only the ceremonies import.
    const holdsWebAuthn = (file: string) => readFileSync(file, 'utf8').includes('attestationObject');

    expect(fallback).not.toEqual(signIn);
    expect(readdirSync(fallback)).toEqual(['index.mjs']);
    expect(readdirSync(signIn).sort()).toEqual(['chunks', 'index.mjs']);
    expect(holdsWebAuthn(path.join(signIn, 'index.mjs'))).toBe(false);
    expect(chunkFiles.filter((chunk) => holdsWebAuthn(path.join(signIn, 'chunks', chunk)))).toHaveLength(1);
  });
});
