import { Match, Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Data } from '#infra/cdk/constructs/data.ts';
import type { SenderBinding } from '#infra/cdk/constructs/house-function.ts';
import { Mailer, type MailerProps } from '#infra/cdk/constructs/mailer.ts';
import { newStack } from '#test/infra/support/app.ts';
import { roleActions, roleStatements } from '#test/infra/support/policies.ts';

/** A sender that grants on a fixed identity ARN, standing in for the Email construct. */
const sender: SenderBinding = {
  fromAddress: 'hello@example.ca',
  grantSendEmail: (grantee) =>
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['ses:SendRawEmail'],
      resourceArns: ['arn:aws:ses:ca-central-1:111111111111:identity/hello@example.ca'],
    }),
};

function build(overrides: Partial<MailerProps> = {}) {
  const stack = newStack();
  const data = new Data(stack, 'Data');
  const mailer = new Mailer(stack, 'Mailer', {
    leads: data.leads,
    subscribers: data.subscribers,
    sender,
    siteUrl: 'https://www.example.ca',
    notificationEmail: 'team@example.ca',
    ...overrides,
  });
  return { stack, mailer, template: Template.fromStack(stack) };
}

describe('Mailer', () => {
  const { stack, mailer, template } = build();

  it('consumes the leads stream: new leads only, bisecting, 3 retries, partial batch failures, DLQ', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^DataLeads'), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 10,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 3,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^MailerDeadLetters'), 'Arn'] } },
      },
      FilterCriteria: {
        Filters: [
          { Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { NewImage: { kind: { S: ['lead'] } } } }) },
        ],
      },
    });
  });

  it('parks failures in an encrypted, TLS-only queue', () => {
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 1209600 });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('reads the stream, updates leads, creates implied-consent subscribers, sends raw email and dead letters', () => {
    const actions = roleActions(template, stack, mailer.handler);
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:UpdateItem',
        'dynamodb:GetItem',
        'ses:SendRawEmail',
        'sqs:SendMessage',
      ]),
    );
    expect(actions).not.toContain('dynamodb:DeleteItem');
    const puts = roleStatements(template, stack, mailer.handler).filter((s) =>
      [s.Action].flat().includes('dynamodb:PutItem'),
    );
    expect(puts).toHaveLength(1);
    expect(JSON.stringify(puts[0]!.Resource)).toContain('Subscribers');
  });

  it('runs the sweep every minute with Query on the MailDue index only', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: Match.arrayWith([
        Match.objectLike({ RetryPolicy: { MaximumRetryAttempts: 0 }, DeadLetterConfig: Match.anyValue() }),
      ]),
    });
    const queries = roleStatements(template, stack, mailer.sweep).filter((s) =>
      [s.Action].flat().includes('dynamodb:Query'),
    );
    const resources = JSON.stringify(queries.map((s) => s.Resource));
    expect(resources).toContain('/index/MailDue');
    expect(resources).not.toContain('/index/*');
  });

  it('passes the variables the mailer reads', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Timeout: 60,
      Environment: {
        Variables: {
          LEADS_TABLE: Match.anyValue(),
          SUBSCRIBERS_TABLE: Match.anyValue(),
          SENDER_EMAIL: 'hello@example.ca',
          SITE_URL: 'https://www.example.ca',
          NOTIFICATION_EMAIL: 'team@example.ca',
        },
      },
    });
  });

  it('accepts batch size and retry overrides', () => {
    build({ batchSize: 5, retryAttempts: 1 }).template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 5,
      MaximumRetryAttempts: 1,
    });
  });

  it.each([[{ batchSize: 0 }], [{ batchSize: 101 }], [{ retryAttempts: -1 }], [{ retryAttempts: 1.5 }]])(
    'rejects %o',
    (override) => {
      expect(() => build(override)).toThrow();
    },
  );

  it('refuses a leads table without a stream', () => {
    const stack = newStack();
    const data = new Data(stack, 'Data');
    const plain = new dynamodb.Table(stack, 'Plain', {
      partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING },
    });
    expect(
      () =>
        new Mailer(stack, 'Mailer', {
          leads: { table: plain, envName: 'LEADS_TABLE' },
          subscribers: data.subscribers,
          sender,
          siteUrl: 'https://www.example.ca',
          notificationEmail: 'team@example.ca',
        }),
    ).toThrow(/no stream/);
  });
});
