import { RemovalPolicy } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Data } from '#infra/cdk/constructs/data.ts';
import { TABLES } from '#infra/cdk/constructs/table-definitions.ts';
import { newStack } from '#test/infra/support/app.ts';

describe('Data', () => {
  it('creates every table on demand, with PITR, TTL and KMS encryption, retained and deletion-protected', () => {
    // Prepare
    const stack = newStack();
    // Act
    new Data(stack, 'Data');
    // Assess
    const template = Template.fromStack(stack);
    template.resourceCountIs('AWS::DynamoDB::Table', TABLES.length);
    for (const definition of TABLES) {
      template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: {
          KeySchema: [{ AttributeName: definition.partitionKey.name, KeyType: 'HASH' }],
          BillingMode: 'PAY_PER_REQUEST',
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          TimeToLiveSpecification: { AttributeName: definition.timeToLiveAttribute, Enabled: true },
          // SSEEnabled true = the AWS managed KMS key (aws/dynamodb).
          SSESpecification: { SSEEnabled: true },
          DeletionProtectionEnabled: true,
        },
      });
    }
  });

  it('streams new images of the leads table only', () => {
    const stack = newStack();
    const data = new Data(stack, 'Data');
    const template = Template.fromStack(stack);
    const tables = template.findResources('AWS::DynamoDB::Table');
    const streams = Object.entries(tables).map(([id, table]) => [id, table.Properties.StreamSpecification]);
    const leadsId = stack.getLogicalId(data.leads.table.node.defaultChild as never);
    expect(Object.fromEntries(streams)).toEqual({
      [leadsId]: { StreamViewType: 'NEW_IMAGE' },
      [stack.getLogicalId(data.subscribers.table.node.defaultChild as never)]: undefined,
    });
  });

  it('names the variables the handlers read', () => {
    const data = new Data(newStack(), 'Data');
    expect(data.subscribers.envName).toBe('SUBSCRIBERS_TABLE');
    expect(data.leads.envName).toBe('LEADS_TABLE');
  });

  it('can be destroyed with the stack for throwaway environments, without deletion protection', () => {
    const stack = newStack();
    new Data(stack, 'Data', { removalPolicy: RemovalPolicy.DESTROY });
    const template = Template.fromStack(stack);
    template.allResources('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
    template.allResourcesProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
  });
});
