/**
 * Which IAM actions an AWS API operation needs: the one table both the local twin's enforcement
 * (what a call on the wire asks for) and the least-privilege test (what a function's bundled SDK
 * commands can ask for) read. Most operations are their own action (`dynamodb:PutItem`); the
 * exceptions below are AWS's, each from the service's authorization reference:
 * - SQS has no batch actions: SendMessageBatch is authorized as sqs:SendMessage, DeleteMessageBatch
 *   as sqs:DeleteMessage, ChangeMessageVisibilityBatch as sqs:ChangeMessageVisibility
 *   (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-api-permissions-reference.html).
 * - DynamoDB's transactions are authorized item by item, as the item's own action
 *   (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis-iam.html).
 * - Lambda's Invoke is lambda:InvokeFunction; S3's ListObjectsV2 is s3:ListBucket and HeadObject
 *   s3:GetObject (https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazons3.html).
 * - Scheduler's CreateSchedule also passes its target's role: iam:PassRole, checked separately
 *   with iam:PassedToService (https://docs.aws.amazon.com/scheduler/latest/UserGuide/setting-up.html).
 * Development tooling only: never bundled into a function.
 */

/** The services the twin answers, by their IAM prefix. */
export type IamService =
  | 'dynamodb'
  | 'ses'
  | 'sqs'
  | 's3'
  | 'scheduler'
  | 'lambda'
  | 'cloudfront'
  | 'cloudfront-keyvaluestore'
  | 'secretsmanager'
  | 'cloudformation';

/** The SDK package of each service (`@aws-sdk/client-<name>`), for reading a bundle's commands. */
export const SDK_CLIENT_SERVICE: Record<string, IamService> = {
  'client-dynamodb': 'dynamodb',
  'client-ses': 'ses',
  'client-sqs': 'sqs',
  'client-s3': 's3',
  'client-scheduler': 'scheduler',
  'client-lambda': 'lambda',
  'client-cloudfront': 'cloudfront',
  'client-cloudfront-keyvaluestore': 'cloudfront-keyvaluestore',
  'client-secrets-manager': 'secretsmanager',
  'client-cloudformation': 'cloudformation',
};

const EXCEPTIONS: Partial<Record<IamService, Record<string, readonly string[]>>> = {
  sqs: {
    SendMessageBatch: ['sqs:SendMessage'],
    DeleteMessageBatch: ['sqs:DeleteMessage'],
    ChangeMessageVisibilityBatch: ['sqs:ChangeMessageVisibility'],
  },
  dynamodb: {
    // Each item of a transaction is checked as its own action (itemActionsOfTransaction).
    TransactWriteItems: [
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
    ],
    TransactGetItems: ['dynamodb:GetItem'],
  },
  lambda: { Invoke: ['lambda:InvokeFunction'], InvokeAsync: ['lambda:InvokeFunction'] },
  s3: { ListObjectsV2: ['s3:ListBucket'], HeadObject: ['s3:GetObject'], HeadBucket: ['s3:ListBucket'] },
  scheduler: {
    CreateSchedule: ['scheduler:CreateSchedule', 'iam:PassRole'],
    UpdateSchedule: ['scheduler:UpdateSchedule', 'iam:PassRole'],
  },
};

/**
 * The IAM actions `operation` (the API's name: `SendMessageBatch`, `PutItem`) of `service` may
 * need. For a transaction, every action its items may take; the twin checks each item's own.
 */
export const iamActionsOf = (service: IamService, operation: string): readonly string[] =>
  EXCEPTIONS[service]?.[operation] ?? [`${service}:${operation}`];
