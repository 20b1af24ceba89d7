import { DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createCloudFormationClient } from '#lambdas/runtime/aws-clients/cloudformation.ts';
import { createDynamoClient } from '#lambdas/runtime/aws-clients/dynamodb.ts';
import { CAMPAIGNS_TABLE, LEADS_TABLE, SUBSCRIBERS_TABLE } from '../constructs/table-definitions';

/** The stack's name (infra/bin/app.ts) and region: operator commands read its outputs. */
export const STACK = { name: 'ConsultancySite', region: 'ca-central-1' } as const;

/** What an operator command works on: the tables of the local stack or of the deployed one. */
export interface OpsTarget {
  name: 'local' | 'aws';
  db: DynamoDBClient;
  tables: { leads: string; subscribers: string; campaigns: string };
  /** How long a redriven lead is retried before it is given up again. */
  giveUpAfterSeconds: number;
  /** The deployed stack's outputs (none locally): what the campaign command needs beyond the tables. */
  outputs: Record<string, string>;
}

/**
 * `--target local` (default): `npm start`'s dynalite, found through the same DYNAMODB_PORT (or a
 * caller-set AWS_ENDPOINT_URL_DYNAMODB) as `npm start`. `--target aws`: the deployed stack's
 * tables, from its CloudFormation outputs, with the credentials of the AWS SDK's default chain
 * (AWS_PROFILE, SSO, environment); see docs/operations.md for the permissions needed.
 */
export const resolveTarget = async (target: string): Promise<OpsTarget> => {
  if (target === 'local') {
    const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB ?? `http://127.0.0.1:${process.env.DYNAMODB_PORT ?? '8000'}`;
    const db = createDynamoClient({
      endpoint,
      region: STACK.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const tables = {
      leads: LEADS_TABLE.logicalName,
      subscribers: SUBSCRIBERS_TABLE.logicalName,
      campaigns: CAMPAIGNS_TABLE.logicalName,
    };
    return { name: 'local', db, tables, giveUpAfterSeconds: 900, outputs: {} };
  }
  if (target !== 'aws') throw new Error(`--target must be local or aws, got "${target}"`);
  const cloudFormation = createCloudFormationClient({ region: STACK.region });
  const { Stacks = [] } = await cloudFormation.send(new DescribeStacksCommand({ StackName: STACK.name }));
  const outputs = Object.fromEntries(
    (Stacks[0]?.Outputs ?? []).map((output) => [output.OutputKey, output.OutputValue]),
  );
  const output = (key: string) => {
    if (!outputs[key])
      throw new Error(
        `The stack ${STACK.name} has no output ${key}: deploy the current version first (npm run deploy)`,
      );
    return outputs[key]!;
  };
  return {
    name: 'aws',
    db: createDynamoClient({ region: STACK.region }),
    tables: {
      leads: output('LeadsTableName'),
      subscribers: output('SubscribersTableName'),
      campaigns: output('CampaignsTableName'),
    },
    giveUpAfterSeconds: 26 * 3600,
    outputs: outputs as Record<string, string>,
  };
};
