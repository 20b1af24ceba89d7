import { AspectPriority, Aspects, Stack, Validations, type IAspect } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { BucketDeployment } from 'aws-cdk-lib/aws-s3-deployment';
import { rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { controlTowerRule } from '../compliance';

const OWNED_BY_CDK = 'Deploy-time custom resource Lambda created and owned by aws-cdk-lib (BucketDeployment)';

/**
 * Acknowledges every wildcard finding (AwsSolutions-IAM5) of the policies below it. Its
 * policy is written by aws-cdk-lib: s3 sync needs Get/List/Put/Delete with wildcards on the
 * asset and destination buckets (the CloudFront invalidation is scoped to the distribution:
 * scopeInvalidation). The finding ids embed the account and logical ids, so they are read from
 * cdk-nag's own rule at synthesis (after all grants) instead of being spelled out here.
 */
class AcknowledgeWildcardFindings implements IAspect {
  visit(node: IConstruct): void {
    if (!(node instanceof iam.CfnPolicy)) return;
    const findings = rules.iam.IAMNoWildcardPermissions(node);
    if (!Array.isArray(findings)) return;
    for (const finding of findings) {
      Validations.of(node).acknowledge({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason: `${OWNED_BY_CDK}: s3 sync of the web build needs these wildcards on the asset and site buckets.`,
      });
    }
  }
}

const acknowledged = new WeakSet<IConstruct>();

/**
 * Acknowledges the cdk-nag findings on the Lambda that aws-s3-deployment creates (one
 * singleton per stack, shared by every BucketDeployment). Its code, runtime and role are
 * owned by aws-cdk-lib; memory and log group are ours and set.
 */
export function acknowledgeDeploymentHandler(deployment: BucketDeployment): void {
  // The handler role's parent is the singleton's function, which sits at stack level.
  const handler = deployment.handlerRole.node.scope;
  if (!handler) throw new Error(`${deployment.node.path}: bucket deployment handler not found`);
  if (acknowledged.has(handler)) return;
  acknowledged.add(handler);

  const acknowledge = (id: string, reason: string) => Validations.of(handler).acknowledge({ id, reason });
  const runtime = `${OWNED_BY_CDK}; its Python runtime is pinned by aws-cdk-lib and moves with its upgrades.`;
  acknowledge(
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    `${OWNED_BY_CDK}; aws-cdk-lib attaches the basic execution role to its singleton.`,
  );
  acknowledge('AwsSolutions-L1', runtime);
  acknowledge('Serverless-LambdaLatestVersion', runtime);
  acknowledge(
    'Serverless-LambdaDLQ',
    `${OWNED_BY_CDK}; invoked synchronously by CloudFormation, a failure fails the deployment.`,
  );
  acknowledge('Serverless-LambdaTracing', `${OWNED_BY_CDK}; runs only during deployments, its logs suffice.`);
  acknowledge(
    controlTowerRule('lambda_inside_vpc_check'),
    `${OWNED_BY_CDK}; it talks only to S3 and CloudFront APIs during deployments.`,
  );
  Aspects.of(handler).add(new AcknowledgeWildcardFindings());
}

/**
 * Every BucketDeployment creates its own AWS CLI layer for the handler, but the handler is a
 * stack-wide singleton that references only the layer of the deployment that created it: the
 * others would be deployed as layer versions nothing uses. Removes this deployment's layer
 * unless the handler uses it, leaving one layer per stack.
 */
export function dropUnusedCliLayer(deployment: BucketDeployment): void {
  const layer = deployment.node.tryFindChild('AwsCliLayer') as lambda.ILayerVersion | undefined;
  const handler = deployment.handlerRole.node.scope;
  if (!layer || !handler) throw new Error(`${deployment.node.path}: bucket deployment layer or handler not found`);
  const stack = Stack.of(deployment);
  const used = JSON.stringify(stack.resolve((handler.node.defaultChild as lambda.CfnFunction).layers));
  if (!used.includes(JSON.stringify(stack.resolve(layer.layerVersionArn))))
    deployment.node.tryRemoveChild('AwsCliLayer');
}

type PolicyStatementJson = { Action: string | string[]; Resource: unknown };

/**
 * Narrows the CloudFront statement aws-s3-deployment gives its handler (cloudfront:CreateInvalidation
 * and GetInvalidation on "*") to `distributionArn`. CloudFront authorizes both on the distribution
 * (https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazoncloudfront.html),
 * but BucketDeployment has no option for it: the statement is rewritten in the synthesised policy,
 * before the wildcard findings are read (a mutating aspect runs first).
 */
class ScopeInvalidation implements IAspect {
  constructor(private readonly distributionArn: string) {}

  visit(node: IConstruct): void {
    if (!(node instanceof iam.CfnPolicy)) return;
    const document = Stack.of(node).resolve(node.policyDocument) as { Statement: PolicyStatementJson[] };
    const statement = document.Statement.find((candidate) =>
      [candidate.Action].flat().includes('cloudfront:CreateInvalidation'),
    );
    if (!statement) {
      throw new Error(
        `${node.node.path}: no CloudFront invalidation statement to scope: has aws-s3-deployment changed?`,
      );
    }
    if (statement.Resource !== '*') return;
    statement.Resource = this.distributionArn;
    node.policyDocument = document;
  }
}

/**
 * Lets the bucket-deployment handler invalidate `distribution` only, instead of every
 * distribution of the account. Call it for the deployment that names the distribution.
 */
export function scopeInvalidation(deployment: BucketDeployment, distribution: cloudfront.IDistribution): void {
  const policy = deployment.handlerRole.node.tryFindChild('DefaultPolicy') as iam.Policy | undefined;
  if (!policy) throw new Error(`${deployment.node.path}: bucket deployment handler policy not found`);
  const distributionArn = Stack.of(deployment).formatArn({
    service: 'cloudfront',
    region: '',
    resource: 'distribution',
    resourceName: distribution.distributionId,
  });
  Aspects.of(policy).add(new ScopeInvalidation(distributionArn), { priority: AspectPriority.MUTATING });
}
