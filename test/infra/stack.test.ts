import { Match } from 'aws-cdk-lib/assertions';
import { DeadLetterQueue } from '#infra/cdk/constructs/dead-letter-queue.ts';
import { HOUSE_RUNTIME } from '#infra/cdk/constructs/house-function.ts';
import { FUNCTIONS } from '#infra/cdk/constructs/functions.ts';
import { synthStack } from './support/app';

describe('SiteStack', () => {
  const { stack, template: synth } = synthStack();
  const template = synth();

  it('lives in ca-central-1', () => {
    expect(stack.region).toBe('ca-central-1');
  });

  it('runs every handler on the house runtime, arm64, with explicit timeout, memory and log retention', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter((fn) =>
      fn.Properties.Runtime?.startsWith('nodejs'),
    );
    // One function per handler entry: the API's routes, fallback and authorizer, the mailer's and SES feedback's.
    expect(functions).toHaveLength(Object.keys(FUNCTIONS).length);
    for (const fn of functions) {
      expect(fn.Properties).toMatchObject({
        Runtime: HOUSE_RUNTIME.name,
        Architectures: ['arm64'],
        Timeout: expect.any(Number),
        MemorySize: expect.any(Number),
        LoggingConfig: { LogFormat: 'JSON', LogGroup: expect.anything() },
      });
    }
    template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: Match.anyValue() });
  });

  it("gives ses:SendRawEmail to the mailers only (lead mail, its sweep, the campaign worker, the console's sign-in links and test copies)", () => {
    const senders = Object.entries(template.findResources('AWS::IAM::Policy')).filter(([, policy]) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('ses:SendRawEmail'),
    );
    expect(senders.map(([id]) => id).sort()).toEqual([
      expect.stringMatching(/^ApiConsoleAuthRole/),
      expect.stringMatching(/^ApiConsoleCampaignsRole/),
      expect.stringMatching(/^CampaignsWorkerRole/),
      expect.stringMatching(/^MailerHandlerRole/),
      expect.stringMatching(/^MailerSweepRole/),
    ]);
  });

  it("encrypts both SNS topics with one key whose publisher statements are AWS's documented ones, unconditioned", () => {
    const keys = template.findResources('AWS::KMS::Key');
    expect(Object.keys(keys)).toHaveLength(1);
    const [keyId] = Object.keys(keys);
    const topics = Object.values(template.findResources('AWS::SNS::Topic'));
    expect(topics).toHaveLength(2);
    for (const topic of topics) expect(topic.Properties.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    const servicePrincipals = keys[keyId].Properties.KeyPolicy.Statement.filter(
      (statement: { Principal?: { Service?: string } }) => statement.Principal?.Service,
    );
    expect(servicePrincipals).toEqual([
      {
        Effect: 'Allow',
        Principal: { Service: 'ses.amazonaws.com' },
        Action: ['kms:GenerateDataKey*', 'kms:Decrypt'],
        Resource: '*',
      },
      {
        Effect: 'Allow',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: ['kms:GenerateDataKey*', 'kms:Decrypt'],
        Resource: '*',
      },
    ]);
  });

  it('alarms on API 5xx, any function error and each processing dead-letter queue', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms.filter((alarm) => alarm.Properties.MetricName === '5xx')).toHaveLength(1);
    // Lambda's account-wide Errors (no dimension): every house function, the origin-verify
    // authorizer and CDK's deployment functions alike, in one alarm.
    const errorAlarms = alarms.filter((alarm) => alarm.Properties.MetricName === 'Errors');
    expect(errorAlarms).toHaveLength(1);
    expect(errorAlarms[0].Properties).toMatchObject({ Namespace: 'AWS/Lambda', Statistic: 'Sum', Threshold: 0 });
    expect(errorAlarms[0].Properties.Dimensions).toBeUndefined();
    const queueAlarms = alarms.filter((alarm) => alarm.Properties.MetricName === 'ApproximateNumberOfMessagesVisible');
    // Every processing queue; not the alarm topic's own delivery queue, whose alarm would go
    // through the very topic that failed to deliver.
    const deadLetterQueues = stack.node
      .findAll()
      .filter(
        (construct) => construct instanceof DeadLetterQueue && construct !== stack.alarms.notificationDeadLetterQueue,
      );
    expect(queueAlarms).toHaveLength(deadLetterQueues.length);
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.ca' });
  });

  it('alarms when mail doubt outlives its window in any mailer, lead or campaign', () => {
    const filters = Object.values(template.findResources('AWS::Logs::MetricFilter')).filter(
      (filter) => filter.Properties.FilterPattern === '"Mail doubt outlived its window"',
    );
    expect(filters.map((filter) => filter.Properties.LogGroupName.Ref).sort()).toEqual([
      expect.stringMatching(/^CampaignsWorker/),
      expect.stringMatching(/^MailerHandler/),
      expect.stringMatching(/^MailerSweep/),
    ]);
  });

  it('alarms on each log message once, whichever function logs it', () => {
    const filters = Object.values(template.findResources('AWS::Logs::MetricFilter'));
    const metricOf = (pattern: string) =>
      new Set(
        filters
          .filter((filter) => filter.Properties.FilterPattern === `"${pattern}"`)
          .map((filter) => filter.Properties.MetricTransformations[0].MetricName),
      );
    expect(metricOf('Lead mail finally failed')).toEqual(new Set(['MailFinallyFailed']));
    expect(metricOf('Mail doubt outlived its window')).toEqual(new Set(['MailDoubtOutlivedWindow']));
    expect(metricOf('Form mail budget exhausted')).toEqual(new Set(['FormMailBudget']));
    const alarmMetrics = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map(
      (alarm) => alarm.Properties.MetricName,
    );
    for (const metric of [
      'MailFinallyFailed',
      'MailDoubtOutlivedWindow',
      'FormMailBudget',
      'CampaignMailFinallyFailed',
    ])
      expect(alarmMetrics.filter((name) => name === metric)).toHaveLength(1);
  });

  it("alarms when fewer of SES's events reach the ingestion in an hour than SES accepted emails", () => {
    const [alarm] = Object.values(template.findResources('AWS::CloudWatch::Alarm')).filter(
      (candidate) => candidate.Properties.Metrics !== undefined,
    );
    const byId = Object.fromEntries(alarm!.Properties.Metrics.map((metric: { Id: string }) => [metric.Id, metric]));
    expect(alarm!.Properties.Metrics.find((metric: { Expression?: string }) => metric.Expression).Expression).toBe(
      'IF(accepted >= 1 AND FILL(arrived, 0) < accepted, 1, 0)',
    );
    expect(byId.accepted.MetricStat).toMatchObject({
      Metric: {
        Namespace: 'AWS/SES',
        MetricName: 'Send',
        Dimensions: [
          { Name: 'ses:configuration-set', Value: { Ref: expect.stringMatching(/^EmailConfigurationSet/) } },
        ],
      },
      Period: 3600,
      Stat: 'Sum',
    });
    expect(byId.arrived.MetricStat).toMatchObject({
      Metric: {
        Namespace: 'AWS/SNS',
        MetricName: 'NumberOfNotificationsDelivered',
        Dimensions: [
          { Name: 'TopicName', Value: { 'Fn::GetAtt': [expect.stringMatching(/^EmailFeedbackTopic/), 'TopicName'] } },
        ],
      },
      Period: 3600,
    });
    // The count it is held against: SES's Send events, published to CloudWatch by the configuration set.
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: {
        MatchingEventTypes: ['send'],
        CloudWatchDestination: {
          DimensionConfigurations: [
            {
              DimensionName: 'ses:configuration-set',
              DimensionValueSource: 'messageTag',
              DefaultDimensionValue: { Ref: Match.stringLikeRegexp('^EmailConfigurationSet') },
            },
          ],
        },
      },
    });
  });

  it('builds the fixture route table into the viewer-request function', () => {
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp(`"/facets-of-jobs-why-it's-so-hard-to-hire-good-people":1`),
    });
  });

  it("configures no CloudFront log that keeps a viewer's address (issue 32: c-ip, x-forwarded-for)", () => {
    // Standard logging (legacy) writes every field, c-ip included; a realtime or v2 log keeps the fields it
    // names, and a v2 delivery naming none keeps the default list, c-ip included.
    const viewerAddress = ['c-ip', 'x-forwarded-for'];
    const distributions = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    expect(distributions.map((distribution) => distribution.Properties.DistributionConfig.Logging)).toEqual(
      distributions.map(() => undefined),
    );
    const fieldLists = [
      ...Object.values(template.findResources('AWS::CloudFront::RealtimeLogConfig')).map(
        (log) => log.Properties.Fields,
      ),
      ...Object.values(template.findResources('AWS::Logs::Delivery')).map(
        (delivery) => delivery.Properties.RecordFields,
      ),
    ];
    for (const fields of fieldLists) {
      expect(fields).toEqual(expect.any(Array));
      for (const field of viewerAddress) expect(fields).not.toContain(field);
    }
  });

  it('outputs the distribution and API endpoints', () => {
    expect(Object.keys(template.findOutputs('*'))).toEqual(
      expect.arrayContaining(['DistributionDomainName', 'DistributionId', 'ApiEndpoint']),
    );
  });
});
