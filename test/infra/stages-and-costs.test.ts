import { CfnResource, TagManager, type Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { stackNameOf } from '#infra/cdk/bin/stage.ts';
import { SiteStack } from '#infra/cdk/constructs/site-stack.ts';
import { newTestApp, STACK_PROPS } from './support/app';

/**
 * What a devops engineer checks of the stack before trusting it with an account: it cannot be
 * deleted by accident, every resource says whose it is on the bill, a budget warns of runaway
 * cost, and a second stage stands beside prod without a name clash.
 */
const synthStage = (stage: string, overrides: Record<string, unknown> = {}) => {
  const app = newTestApp();
  const stack = new SiteStack(app, stackNameOf(stage), { ...STACK_PROPS, stage, ...overrides });
  return { stack, template: Template.fromStack(stack) };
};

const prod = synthStage('prod');
const staging = synthStage('staging', { monthlyBudgetUsd: 5 });

/** The tags a resource carries in the template, whichever shape its type uses (list or map). */
const tagsOf = (properties: Record<string, unknown> | undefined, tagProperty: string): Record<string, string> => {
  // The tag manager names the L1 property (`tags`, `resourceTags`); the template capitalises it.
  const tags = properties?.[tagProperty[0].toUpperCase() + tagProperty.slice(1)];
  if (Array.isArray(tags)) return Object.fromEntries(tags.map(({ Key, Value }) => [Key, Value]));
  return (tags ?? {}) as Record<string, string>;
};

/** Every resource of the stack CDK can tag, with the property its type keeps tags in. */
const taggableResources = (stack: Stack) =>
  stack.node.findAll().flatMap((construct) => {
    if (!CfnResource.isCfnResource(construct)) return [];
    const manager = TagManager.isTaggable(construct)
      ? construct.tags
      : TagManager.isTaggableV2(construct)
        ? construct.cdkTagManager
        : undefined;
    return manager ? [{ resource: construct, tagProperty: manager.tagPropertyName }] : [];
  });

describe('the stack, as a devops engineer expects it', () => {
  it('is named by its stage: ConsultancySite for prod, as always, ConsultancySite-<stage> beside it', () => {
    expect(prod.stack.stackName).toBe('ConsultancySite');
    expect(staging.stack.stackName).toBe('ConsultancySite-staging');
  });

  it('has termination protection on', () => {
    expect(prod.stack.terminationProtection).toBe(true);
    expect(staging.stack.terminationProtection).toBe(true);
  });

  it('carries the cost allocation tags project and stage on the stack and on every taggable resource', () => {
    expect(prod.stack.tags.tagValues()).toEqual({ project: 'consultancy-site', stage: 'prod' });
    const resources = prod.template.toJSON().Resources as Record<string, { Type: string; Properties?: object }>;
    const taggable = taggableResources(prod.stack);
    // The tables, buckets, functions, roles, queues, topics, key, secret, distribution, log groups, alarms, budget…
    expect(taggable.map(({ resource }) => resource.cfnResourceType)).toEqual(
      expect.arrayContaining([
        'AWS::DynamoDB::Table',
        'AWS::S3::Bucket',
        'AWS::Lambda::Function',
        'AWS::Budgets::Budget',
      ]),
    );
    const untagged = taggable
      .map(({ resource, tagProperty }) => {
        const logicalId = prod.stack.getLogicalId(resource);
        const tags = tagsOf(resources[logicalId].Properties as Record<string, unknown>, tagProperty);
        return { logicalId, type: resource.cfnResourceType, tags };
      })
      .filter(({ tags }) => tags.project !== 'consultancy-site' || tags.stage !== 'prod');
    expect(untagged).toEqual([]);
    staging.template.allResourcesProperties('AWS::DynamoDB::Table', {
      Tags: Match.arrayWith([{ Key: 'stage', Value: 'staging' }]),
    });
  });

  it('emails opsEmail when the month reaches 80% of its budget, or is forecast to pass it', () => {
    const subscribers = [{ SubscriptionType: 'EMAIL', Address: 'ops@example.ca' }];
    prod.template.resourceCountIs('AWS::Budgets::Budget', 1);
    prod.template.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: {
        BudgetType: 'COST',
        TimeUnit: 'MONTHLY',
        BudgetLimit: { Amount: 20, Unit: 'USD' },
        BudgetName: 'ConsultancySite monthly cost',
      },
      NotificationsWithSubscribers: [
        {
          Notification: {
            NotificationType: 'ACTUAL',
            ComparisonOperator: 'GREATER_THAN',
            Threshold: 80,
            ThresholdType: 'PERCENTAGE',
          },
          Subscribers: subscribers,
        },
        {
          Notification: {
            NotificationType: 'FORECASTED',
            ComparisonOperator: 'GREATER_THAN',
            Threshold: 100,
            ThresholdType: 'PERCENTAGE',
          },
          Subscribers: subscribers,
        },
      ],
    });
    staging.template.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: { BudgetLimit: { Amount: 5, Unit: 'USD' }, BudgetName: 'ConsultancySite-staging monthly cost' },
    });
  });

  it('gives a staging stack no physical name that prod has: each is CloudFormation-generated or derived from the stack name', () => {
    // Names CloudFormation requires unique in an account and region (or in the account, for the budget).
    const UNIQUE_NAMES =
      /^(TableName|BucketName|FunctionName|RoleName|QueueName|TopicName|LogGroupName|AlarmName|BudgetName|MetricNamespace|Name)$/;
    // Names that need not be unique: the API's and its authorizer's, and its $default stage's.
    const FREE_NAMES = new Set(['AWS::ApiGatewayV2::Api', 'AWS::ApiGatewayV2::Authorizer', 'AWS::ApiGatewayV2::Stage']);
    const literalNames = (template: Template) => {
      const names = new Set<string>();
      const visit = (value: unknown, key: string) => {
        if (typeof value === 'string' && UNIQUE_NAMES.test(key)) names.add(value);
        else if (value && typeof value === 'object')
          for (const [child, inner] of Object.entries(value))
            if (!['Tags', 'Dimensions'].includes(child)) visit(inner, child);
      };
      for (const resource of Object.values(template.toJSON().Resources as Record<string, { Type: string }>))
        if (!FREE_NAMES.has(resource.Type)) visit(resource, '');
      return names;
    };
    const prodNames = literalNames(prod.template);
    const shared = [...literalNames(staging.template)].filter((name) => prodNames.has(name));
    expect(prodNames.size).toBeGreaterThan(5);
    expect(shared).toEqual([]);
  });

  it('shares only the SES identity with prod when given the same sender, which the deploy guide says to avoid', () => {
    const identities = (template: Template) =>
      Object.values(template.findResources('AWS::SES::EmailIdentity')).map(
        (identity) => identity.Properties.EmailIdentity,
      );
    expect(identities(staging.template)).toEqual(identities(prod.template));
    const ownSender = synthStage('staging', { senderEmail: 'staging.example.ca' });
    expect(identities(ownSender.template)).toEqual(['staging.example.ca']);
  });
});
