import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent, SNSEvent } from 'aws-lambda';

/** A DynamoDB stream INSERT record as Lambda delivers it (NEW_IMAGE view). */
export const insertRecord = (image: Record<string, unknown>, sequenceNumber = '100'): DynamoDBRecord => ({
  eventName: 'INSERT',
  eventSource: 'aws:dynamodb',
  dynamodb: {
    SequenceNumber: sequenceNumber,
    NewImage: marshall(image, { removeUndefinedValues: true }) as never,
    StreamViewType: 'NEW_IMAGE',
  },
});

export const streamEvent = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

/** An SNS delivery of SES notifications (one record per message). */
export const snsEvent = (...messages: string[]): SNSEvent => ({
  Records: messages.map((Message, index) => ({
    EventSource: 'aws:sns',
    EventVersion: '1.0',
    EventSubscriptionArn: 'arn:aws:sns:ca-central-1:123456789012:ses-events:sub',
    Sns: {
      Type: 'Notification',
      MessageId: `message-${index}`,
      TopicArn: 'arn:aws:sns:ca-central-1:123456789012:ses-events',
      Subject: '',
      Message,
      Timestamp: '2025-10-09T08:53:20.000Z',
      SignatureVersion: '1',
      Signature: '',
      SigningCertUrl: '',
      UnsubscribeUrl: '',
      MessageAttributes: {},
    },
  })),
});

export const bounceNotification = (bounceType: 'Permanent' | 'Transient', ...addresses: string[]) =>
  JSON.stringify({
    notificationType: 'Bounce',
    bounce: {
      bounceType,
      bounceSubType: 'General',
      bouncedRecipients: addresses.map((emailAddress) => ({ emailAddress })),
    },
    mail: { messageId: 'm-1' },
  });

export const complaintNotification = (...addresses: string[]) =>
  JSON.stringify({
    notificationType: 'Complaint',
    complaint: {
      complainedRecipients: addresses.map((emailAddress) => ({ emailAddress })),
      complaintFeedbackType: 'abuse',
    },
    mail: { messageId: 'm-2' },
  });
