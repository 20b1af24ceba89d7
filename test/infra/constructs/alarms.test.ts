import { Match, Template } from 'aws-cdk-lib/assertions';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Alarms } from '#infra/cdk/constructs/alarms.ts';
import { DeadLetterQueue } from '#infra/cdk/constructs/dead-letter-queue.ts';
import { TopicKey } from '#infra/cdk/constructs/topic-key.ts';
import { newStack } from '#test/infra/support/app.ts';

describe('Alarms', () => {
  const stack = newStack();
  const alarms = new Alarms(stack, 'Alarms', { opsEmail: 'ops@example.ca', topicKey: new TopicKey(stack, 'TopicKey') });
  alarms
    .watchApi('Api5xx', new apigw.HttpApi(stack, 'Api'))
    .watchFunctions('FunctionErrors')
    .watchDeadLetterQueue('Dlq', new DeadLetterQueue(stack, 'Dead'))
    .watchLogMessage(
      'MailFinallyFailed',
      [new logs.LogGroup(stack, 'MailerLogs'), new logs.LogGroup(stack, 'SweepLogs')],
      'Lead mail finally failed',
    );
  const template = Template.fromStack(stack);
  const topicRef = { Ref: Match.stringLikeRegexp('^AlarmsTopic') };

  it('emails the ops address from an encrypted topic, with a dead-letter queue', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.ca',
      TopicArn: topicRef,
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue() },
    });
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    template.hasResourceProperties('AWS::KMS::Key', {
      KeyPolicy: {
        // AWS's documented statement, without conditions (infra/cdk/constructs/topic-key.ts).
        Statement: Match.arrayWith([
          {
            Effect: 'Allow',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:GenerateDataKey*', 'kms:Decrypt'],
            Resource: '*',
          },
        ]),
      },
    });
  });

  it('lets CloudWatch (and only for this account) publish to the topic, which enforceSSL would otherwise refuse', () => {
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [topicRef],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: 'sns:Publish',
            Resource: topicRef,
            Condition: { StringEquals: { 'aws:SourceAccount': '111111111111' } },
          }),
        ]),
      },
    });
  });

  it('lets only AWS services create grants on the topic key (Control Tower CT.KMS.PR.3)', () => {
    template.hasResourceProperties('AWS::KMS::Key', {
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Principal: { AWS: '*' },
            Action: 'kms:CreateGrant',
            Resource: '*',
            Condition: { BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' } },
          }),
        ]),
      },
    });
  });

  it("alarms once when either log group says that a lead's mail finally failed", () => {
    for (const group of ['^MailerLogs', '^SweepLogs']) {
      template.hasResourceProperties('AWS::Logs::MetricFilter', {
        LogGroupName: { Ref: Match.stringLikeRegexp(group) },
        FilterPattern: '"Lead mail finally failed"',
        MetricTransformations: [
          { MetricNamespace: 'TestConstructs', MetricName: 'MailFinallyFailed', MetricValue: '1' },
        ],
      });
    }
    expect(
      Object.values(template.findResources('AWS::CloudWatch::Alarm')).filter(
        (alarm) => alarm.Properties.MetricName === 'MailFinallyFailed',
      ),
    ).toHaveLength(1);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'TestConstructs',
      MetricName: 'MailFinallyFailed',
      Statistic: 'Sum',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: [topicRef],
    });
  });

  it('alarms on any API 5xx', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Statistic: 'Sum',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: [topicRef],
    });
  });

  it("alarms on any function's error, from Lambda's account-wide metric", () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: Match.absent(),
      Statistic: 'Sum',
      Threshold: 0,
      AlarmActions: [topicRef],
    });
  });

  it('alarms when a dead-letter queue holds a message', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Statistic: 'Maximum',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it('rejects an ops address that is not one', () => {
    const stack = newStack();
    expect(() => new Alarms(stack, 'Alarms', { opsEmail: 'ops', topicKey: new TopicKey(stack, 'TopicKey') })).toThrow(
      /opsEmail/,
    );
  });
});
