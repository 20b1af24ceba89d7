import { DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createCloudFormationClient } from '#lambdas/runtime/aws-clients/cloudformation.ts';
import { createDynamoClient } from '#lambdas/runtime/aws-clients/dynamodb.ts';
import { CAMPAIGNS_TABLE, LEADS_TABLE, SUBSCRIBERS_TABLE } from '../../cdk/constructs/table-definitions';
import { DEFAULT_STAGE, parseStage, REGION, stackNameOf } from '../../cdk/bin/stage';

/** The prod stack's name (infra/cdk/bin/app.ts) and the region: operator commands read its outputs. */
export const STACK = { name: stackNameOf(DEFAULT_STAGE), region: REGION } as const;

/** The `--stage` flag of the operator commands, in their usage lines. */
export const STAGE_USAGE = '[--stage <stage>, with --target aws; default prod]';

/**
 * The stack a command works on: `--stage` names a deployed stage's stack (infra/cdk/bin/stage.ts),
 * so it goes with `--target aws`; the local stack has no stages, and a `--stage` there would let
 * an operator believe a command ran on staging when it ran on their own machine.
 */
export const stageStackName = (target: string, stage: string | undefined): string => {
  if (stage !== undefined && target !== 'aws')
    throw new Error(`--stage names a deployed stack: use it with --target aws (got --target ${target})`);
  return stackNameOf(parseStage(stage));
};

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
 * tables (prod's, or `stackName`'s: see stageStackName), from its CloudFormation outputs, with the
 * credentials of the AWS SDK's default chain (AWS_PROFILE, SSO, environment); see
 * docs/operations.md for the permissions needed.
 */
export const resolveTarget = async (target: string, stackName: string = STACK.name): Promise<OpsTarget> => {
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
  const { Stacks = [] } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
  const outputs = Object.fromEntries(
    (Stacks[0]?.Outputs ?? []).map((output) => [output.OutputKey, output.OutputValue]),
  );
  const output = (key: string) => {
    if (!outputs[key])
      throw new Error(`The stack ${stackName} has no output ${key}: deploy the current version first (npm run deploy)`);
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
