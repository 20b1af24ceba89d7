/**
 * The twin's AWS account and how a local resource's ARN is written, by its CloudFormation type:
 * what a policy's `Fn::GetAtt [X, Arn]` resolves to when the twin knows X only by the name its
 * `Ref` gives (a table's name, a queue's URL). Formats from each service's authorization reference
 * (https://docs.aws.amazon.com/service-authorization/latest/reference/reference_policies_actions-resources-contextkeys.html).
 */
export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_REGION = 'ca-central-1';

const regional = (service: string, resource: string) =>
  `arn:aws:${service}:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${resource}`;

export const tableArn = (name: string) => regional('dynamodb', `table/${name}`);
/** A queue's `Ref` is its URL; its ARN names the queue by the URL's last segment. */
export const queueArn = (urlOrName: string) => regional('sqs', urlOrName.split('/').pop()!);
export const functionArn = (name: string) => regional('lambda', `function:${name}`);
export const sesIdentityArn = (identity: string) => regional('ses', `identity/${identity}`);
export const sesConfigurationSetArn = (name: string) => regional('ses', `configuration-set/${name}`);
export const scheduleArn = (group: string, name: string) => regional('scheduler', `schedule/${group}/${name}`);
export const bucketArn = (name: string) => `arn:aws:s3:::${name}`;
export const distributionArn = (id: string) => `arn:aws:cloudfront::${LOCAL_ACCOUNT}:distribution/${id}`;
export const roleArn = (name: string) => `arn:aws:iam::${LOCAL_ACCOUNT}:role/${name}`;

/** `Fn::GetAtt [X, Arn]` from the name X's `Ref` gives, for the types whose Ref is not their ARN. */
export const ARN_FROM_REF: Record<string, (ref: string) => string> = {
  'AWS::DynamoDB::Table': tableArn,
  'AWS::SQS::Queue': queueArn,
  'AWS::Lambda::Function': functionArn,
  'AWS::S3::Bucket': bucketArn,
  'AWS::IAM::Role': roleArn,
  'AWS::Scheduler::ScheduleGroup': (name) => regional('scheduler', `schedule-group/${name}`),
  'AWS::CloudFront::Distribution': distributionArn,
  'AWS::CloudFront::KeyValueStore': (name) => `arn:aws:cloudfront::${LOCAL_ACCOUNT}:key-value-store/${name}`,
  'AWS::SNS::Topic': (arn) => arn,
  'AWS::SecretsManager::Secret': (arn) => arn,
  'AWS::Logs::LogGroup': (name) => regional('logs', `log-group:${name}`),
};
