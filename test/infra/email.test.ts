import { Match, Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Data } from '../../infra/constructs/data';
import { Email } from '../../infra/constructs/email';
import { newStack } from './support/app';
import { roleActions } from './support/policies';

function build(sender: string) {
  const stack = newStack();
  const data = new Data(stack, 'Data');
  const email = new Email(stack, 'Email', { sender, subscribers: data.subscribers });
  // A principal outside the construct, granted before synthesis, to see exactly what sending needs.
  email.grantSendEmail(new iam.Role(stack, 'Sender', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') }));
  return { stack, email, template: Template.fromStack(stack) };
}

describe('Email', () => {
  describe('with an address sender', () => {
    const { stack, email, template } = build('hello@example.ca');

    it('verifies the address and makes the configuration set its default', () => {
      template.hasResourceProperties('AWS::SES::EmailIdentity', {
        EmailIdentity: 'hello@example.ca',
        ConfigurationSetAttributes: { ConfigurationSetName: { Ref: Match.stringLikeRegexp('^EmailConfigurationSet') } },
      });
      expect(email.fromAddress).toBe('hello@example.ca');
    });

    it('sends bounces and complaints to an encrypted topic', () => {
      template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
        EventDestination: {
          Enabled: true,
          MatchingEventTypes: ['bounce', 'complaint'],
          SnsDestination: { TopicARN: { Ref: Match.stringLikeRegexp('^EmailFeedbackTopic') } },
        },
      });
      template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
      template.hasResourceProperties('AWS::KMS::Key', {
        EnableKeyRotation: true,
        KeyPolicy: {
          Statement: Match.arrayWith([
            Match.objectLike({ Principal: { Service: 'ses.amazonaws.com' }, Action: ['kms:GenerateDataKey*', 'kms:Decrypt'] }),
          ]),
        },
      });
    });

    it('subscribes the feedback Lambda, with a dead-letter queue for the subscription and the function', () => {
      template.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'lambda',
        RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^EmailFeedbackDeadLetters'), 'Arn'] } },
      });
      template.hasResourceProperties('AWS::Lambda::Function', {
        DeadLetterConfig: { TargetArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^EmailFeedbackDeadLetters'), 'Arn'] } },
      });
    });

    it('lets the feedback Lambda update subscribers, nothing more on the table', () => {
      const actions = roleActions(template, stack, email.feedbackFunction).filter((action) => action.startsWith('dynamodb:'));
      expect(actions).toContain('dynamodb:UpdateItem');
      expect(actions).not.toContain('dynamodb:PutItem');
      expect(actions).not.toContain('dynamodb:DeleteItem');
    });

    it('grants ses:SendRawEmail on the identity and the configuration set only', () => {
      template.hasResourceProperties('AWS::IAM::Policy', {
        Roles: [{ Ref: Match.stringLikeRegexp('^Sender') }],
        PolicyDocument: {
          Statement: [
            {
              Action: 'ses:SendRawEmail',
              Effect: 'Allow',
              Resource: [
                Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':ses:ca-central-1:\\d{12}:identity/$'), { Ref: Match.stringLikeRegexp('^EmailIdentity') }])] }),
                Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':ses:ca-central-1:\\d{12}:configuration-set/$'), { Ref: Match.stringLikeRegexp('^EmailConfigurationSet') }])] }),
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
