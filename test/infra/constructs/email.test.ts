import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Data } from '#infra/cdk/constructs/data.ts';
import { Email, SUPPRESSION_KEY_PREFIX } from '#infra/cdk/constructs/email.ts';
import type { TableStore } from '#lambdas/data/stores.ts';
import { recordErasedSuppression, recordSuppression } from '#lambdas/data/suppressions.ts';
import { TopicKey } from '#infra/cdk/constructs/topic-key.ts';
import { newStack } from '#test/infra/support/app.ts';
import { roleActions, roleStatements } from '#test/infra/support/policies.ts';

function build(sender: string) {
  const stack = newStack();
  const data = new Data(stack, 'Data');
  const topicKey = new TopicKey(stack, 'TopicKey');
  const email = new Email(stack, 'Email', { sender, subscribers: data.subscribers, leads: data.leads, topicKey });
  // A principal outside the construct, granted before synthesis, to see exactly what sending needs.
  email.grantSendEmail(new iam.Role(stack, 'Sender', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') }));
  const logicalId = (table: Data['subscribers']['table']) => stack.getLogicalId(table.node.defaultChild as CfnElement);
  return {
    stack,
    email,
    template: Template.fromStack(stack),
    subscribersId: logicalId(data.subscribers.table),
    leadsId: logicalId(data.leads.table),
  };
}

describe('Email', () => {
  describe('with an address sender', () => {
    const { stack, email, template, subscribersId, leadsId } = build('hello@example.ca');

    it('verifies the address and makes the configuration set its default', () => {
      template.hasResourceProperties('AWS::SES::EmailIdentity', {
        EmailIdentity: 'hello@example.ca',
        ConfigurationSetAttributes: { ConfigurationSetName: { Ref: Match.stringLikeRegexp('^EmailConfigurationSet') } },
      });
      expect(email.fromAddress).toBe('hello@example.ca');
    });

    it('publishes every event that says what became of an email to an encrypted topic', () => {
      template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
        EventDestination: {
          Enabled: true,
          MatchingEventTypes: ['send', 'delivery', 'bounce', 'complaint', 'reject', 'deliveryDelay'],
          SnsDestination: { TopicARN: { Ref: Match.stringLikeRegexp('^EmailFeedbackTopic') } },
        },
      });
      template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
      template.hasResourceProperties('AWS::KMS::Key', {
        EnableKeyRotation: true,
        RotationPeriodInDays: 2560,
        KeyPolicy: {
          Statement: Match.arrayWith([
            {
              Effect: 'Allow',
              Principal: { Service: 'ses.amazonaws.com' },
              Action: ['kms:GenerateDataKey*', 'kms:Decrypt'],
              Resource: '*',
            },
          ]),
        },
      });
    });

    it('subscribes the feedback Lambda, with a dead-letter queue for the subscription and the function', () => {
      template.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'lambda',
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^EmailFeedbackDeadLetters'), 'Arn'] },
        },
      });
      template.hasResourceProperties('AWS::Lambda::Function', {
        DeadLetterConfig: { TargetArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^EmailFeedbackDeadLetters'), 'Arn'] } },
      });
    });

    it('lets the feedback Lambda update subscribers, and put or delete only suppressions: it creates or deletes no subscriber', () => {
      const onSubscribers = roleStatements(template, stack, email.feedbackFunction).filter(
        (statement) => JSON.stringify(statement.Resource) === JSON.stringify({ 'Fn::GetAtt': [subscribersId, 'Arn'] }),
      );
      expect(onSubscribers).toEqual([
        { Effect: 'Allow', Action: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], Resource: expect.anything() },
        {
          Effect: 'Allow',
          Action: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
          Resource: expect.anything(),
          Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['suppression#*'] } },
        },
      ]);
      const actions = roleActions(template, stack, email.feedbackFunction);
      expect(actions.filter((action) => action === 'dynamodb:DeleteItem')).toHaveLength(1);
      expect(actions.filter((action) => action === 'dynamodb:PutItem')).toHaveLength(1);
    });

    it("lets the feedback Lambda only update the leads' email records", () => {
      const onLeads = roleStatements(template, stack, email.feedbackFunction).filter(
        (statement) => JSON.stringify(statement.Resource) === JSON.stringify({ 'Fn::GetAtt': [leadsId, 'Arn'] }),
      );
      expect(onLeads).toEqual([{ Effect: 'Allow', Action: 'dynamodb:UpdateItem', Resource: expect.anything() }]);
    });

    it.each([
      ['a bounce', 1, false, (store: TableStore) => recordSuppression(store, 'ann@example.ca', 'bounce', 1)],
      [
        'a bounce of a mailbox erased meanwhile',
        2,
        true,
        (store: TableStore) => recordSuppression(store, 'ann@example.ca', 'bounce', 1),
      ],
      ['an erasure', 2, false, (store: TableStore) => recordErasedSuppression(store, 'ann@example.ca', 1)],
    ])(
      "the condition's prefix is the key of every suppression %s writes or deletes (lambdas/data/suppressions.ts)",
      async (_, writes, erasedMeanwhile, write) => {
        const written: string[] = [];
        const db = {
          send: async (command: {
            constructor: { name: string };
            input: { Item?: { id: { S: string } }; Key?: { id: { S: string } } };
          }) => {
            const name = command.constructor.name;
            if (name === 'PutItemCommand') written.push(command.input.Item!.id.S);
            if (name === 'DeleteItemCommand') written.push(command.input.Key!.id.S);
            // The erasure's hashed suppression, found once the bounce has written its own.
            if (name === 'GetItemCommand' && erasedMeanwhile && written.length > 0)
              return { Item: { id: command.input.Key!.id, kind: { S: 'suppression' } } };
            return {};
          },
        };
        await write({ db: db as unknown as TableStore['db'], table: 'Subscribers' });
        expect(written).toHaveLength(writes);
        for (const key of written) expect(key.startsWith(SUPPRESSION_KEY_PREFIX)).toBe(true);
      },
    );

    it('grants ses:SendRawEmail on the identity and the configuration set only', () => {
      template.hasResourceProperties('AWS::IAM::Policy', {
        Roles: [{ Ref: Match.stringLikeRegexp('^Sender') }],
        PolicyDocument: {
          Statement: [
            {
              Action: 'ses:SendRawEmail',
              Effect: 'Allow',
              Resource: [
                Match.objectLike({
                  'Fn::Join': [
                    '',
                    Match.arrayWith([
                      Match.stringLikeRegexp(':ses:ca-central-1:\\d{12}:identity/$'),
                      { Ref: Match.stringLikeRegexp('^EmailIdentity') },
                    ]),
                  ],
                }),
                Match.objectLike({
                  'Fn::Join': [
                    '',
                    Match.arrayWith([
                      Match.stringLikeRegexp(':ses:ca-central-1:\\d{12}:configuration-set/$'),
                      { Ref: Match.stringLikeRegexp('^EmailConfigurationSet') },
                    ]),
                  ],
                }),
              ],
            },
          ],
        },
      });
    });
  });

  describe('with a domain sender', () => {
    const { email, template } = build('example.ca');

    it('verifies the domain with DKIM and sends from hello@ the domain', () => {
      template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.ca' });
      expect(email.fromAddress).toBe('hello@example.ca');
      expect(Object.keys(template.findOutputs('*')).filter((id) => id.includes('DkimRecord'))).toHaveLength(3);
    });
  });

  it.each(['', 'not an address', 'hello@', '@example.ca', 'http://example.ca'])('rejects the sender "%s"', (sender) => {
    expect(() => build(sender)).toThrow(/sender must be an email address or a domain/);
  });
});

describe('Email with an identity already verified in SES', () => {
  function buildExisting(sender: string, existingIdentity: string) {
    const stack = newStack();
    const data = new Data(stack, 'Data');
    const email = new Email(stack, 'Email', {
      sender,
      existingIdentity,
      subscribers: data.subscribers,
      leads: data.leads,
      topicKey: new TopicKey(stack, 'TopicKey'),
    });
    email.grantSendEmail(
      new iam.Role(stack, 'Sender', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') }),
    );
    return { email, template: Template.fromStack(stack) };
  }

  it('imports the identity instead of creating one (a second create would fail with "already exists")', () => {
    const { template } = buildExisting('hello@example.ca', 'hello@example.ca');
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    expect(Object.keys(template.findOutputs('*')).filter((id) => id.includes('DkimRecord'))).toEqual([]);
  });

  it('grants sending on the imported identity by its name', () => {
    const { template } = buildExisting('hello@example.ca', 'example.ca');
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: Match.stringLikeRegexp('^Sender') }],
      PolicyDocument: {
        Statement: [
          Match.objectLike({
            Action: 'ses:SendRawEmail',
            Resource: Match.arrayWith([
              { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':identity/example\\.ca$')])] },
            ]),
          }),
        ],
      },
    });
  });

  it("makes the configuration set the identity's default on deploy and removes it on delete", () => {
    const { template } = buildExisting('hello@example.ca', 'hello@example.ca');
    const [resource] = Object.values(template.findResources('Custom::AWS'));
    const create = JSON.stringify(resource.Properties.Create);
    expect(create).toContain('"service\\":\\"SESv2\\",\\"action\\":\\"PutEmailIdentityConfigurationSetAttributes\\"');
    expect(create).toContain('\\"EmailIdentity\\":\\"hello@example.ca\\",\\"ConfigurationSetName\\":\\"');
    expect(JSON.stringify(resource.Properties.Delete)).not.toContain('ConfigurationSetName');
  });

  it.each(['other@example.ca', 'elsewhere.ca'])(
    'refuses "%s", which is neither the sender nor its domain',
    (identity) => {
      expect(() => buildExisting('hello@example.ca', identity)).toThrow(
        /existingSenderIdentity must be the sender "hello@example.ca" or its domain "example.ca"/,
      );
    },
  );
});
