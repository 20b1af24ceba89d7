import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import {
  ANALYTICS_TABLE,
  CAMPAIGNS_TABLE,
  CONSOLE_TABLE,
  LEADS_TABLE,
  POSTS_TABLE,
  SUBSCRIBERS_TABLE,
  type TableDefinition,
} from './table-definitions';
import { controlTowerRule } from '../compliance';
import type { TableBinding } from './house-function';

export interface DataProps {
  /**
   * What happens to the tables when the stack is deleted.
   * @default RETAIN — subscribers' consent records are evidence under CASL and must outlive a stack.
   */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * The DynamoDB tables, created from the shared definitions (the local stack creates its
 * dynalite tables from the same ones). On-demand: traffic is low and bursty.
 */
export class Data extends Construct {
  readonly subscribers: TableBinding & { readonly table: dynamodb.Table };
  readonly leads: TableBinding & { readonly table: dynamodb.Table };
  /** Campaigns sent and one send record per person and campaign (docs/decisions/0050-campaign-sending.md). */
  readonly campaigns: TableBinding & { readonly table: dynamodb.Table };
  /** The console's passkeys, sessions and audit log (docs/decisions/0070-console-sign-in.md). */
  readonly console: TableBinding & { readonly table: dynamodb.Table };
  /** The blog's posts, their revisions and slugs (docs/decisions/0053-blog-posts-from-the-console.md). */
  readonly posts: TableBinding & { readonly table: dynamodb.Table };
  /**
   * The site's visit counting: daily salts, raw visits of the day, the days' sums
   * (docs/decisions/0081-privacy-first-analytics.md).
   */
  readonly analytics: TableBinding & { readonly table: dynamodb.Table };

  constructor(scope: Construct, id: string, props: DataProps = {}) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;
    this.subscribers = { table: this.createTable(SUBSCRIBERS_TABLE, removalPolicy), envName: 'SUBSCRIBERS_TABLE' };
    this.leads = { table: this.createTable(LEADS_TABLE, removalPolicy), envName: 'LEADS_TABLE' };
    this.campaigns = { table: this.createTable(CAMPAIGNS_TABLE, removalPolicy), envName: 'CAMPAIGNS_TABLE' };
    this.console = { table: this.createTable(CONSOLE_TABLE, removalPolicy), envName: 'CONSOLE_TABLE' };
    this.posts = { table: this.createTable(POSTS_TABLE, removalPolicy), envName: 'POSTS_TABLE' };
    this.analytics = { table: this.createTable(ANALYTICS_TABLE, removalPolicy), envName: 'ANALYTICS_TABLE' };
  }

  private createTable(definition: TableDefinition, removalPolicy: RemovalPolicy): dynamodb.Table {
    const retained = removalPolicy === RemovalPolicy.RETAIN;
    const table = new dynamodb.Table(this, definition.logicalName, {
      partitionKey: { name: definition.partitionKey.name, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: definition.pointInTimeRecovery !== false },
      // A KMS key (AWS managed) rather than the default owned key, so key use shows in CloudTrail.
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: definition.timeToLiveAttribute,
      stream: definition.stream === 'NEW_IMAGE' ? dynamodb.StreamViewType.NEW_IMAGE : undefined,
      removalPolicy,
      // A retained table is also protected from a mistaken delete outside CloudFormation.
      deletionProtection: retained,
    });
    if (definition.pointInTimeRecovery === false) {
      // docs/decisions/0081-privacy-first-analytics.md
      const reason =
        "Its daily salts must be gone once deleted: a restorable history would let a day's visitor hashes be computed again. " +
        "It holds no record the firm needs back: its raw items live a day, and a lost day's sums are counts.";
      for (const id of ['AwsSolutions-DDB3', controlTowerRule('dynamodb_table_pitr_enabled_check')]) {
        Validations.of(table).acknowledge({ id, reason });
      }
    }
    for (const index of definition.indexes ?? []) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey.name, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey.name, type: dynamodb.AttributeType.NUMBER },
        projectionType: index.projection === 'ALL' ? dynamodb.ProjectionType.ALL : dynamodb.ProjectionType.KEYS_ONLY,
      });
    }
    return table;
  }
}
