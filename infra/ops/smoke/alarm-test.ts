import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { DescribeStackResourcesCommand, type CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { createCloudFormationClient } from '#lambdas/runtime/aws-clients/cloudformation.ts';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Checksum, SourceData } from '@smithy/types';
import { sleep } from './http';
import type { Results } from './results';

const REGION = 'ca-central-1';

/** SHA-256 (plain or HMAC) for SignatureV4, from node:crypto. */
class Sha256 implements Checksum {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.fresh();
  }
  private fresh() {
    return this.secret ? createHmac('sha256', bytes(this.secret)) : createHash('sha256');
  }
  update(data: Uint8Array) {
    this.hash.update(data);
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {
    this.hash = this.fresh();
  }
}

const bytes = (data: SourceData): Uint8Array =>
  typeof data === 'string'
    ? Buffer.from(data)
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/**
 * One call of CloudWatch's Query API, signed with the caller's credentials (the default chain,
 * as the CloudFormation client resolves it): the project has no CloudWatch SDK client, and two
 * calls do not warrant one. https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_SetAlarmState.html
 */
async function cloudWatch(
  credentials: CloudFormationClient['config']['credentials'],
  params: Record<string, string>,
): Promise<string> {
  const host = `monitoring.${REGION}.amazonaws.com`;
  const body = new URLSearchParams({ ...params, Version: '2010-08-01' }).toString();
  const signer = new SignatureV4({ credentials, region: REGION, service: 'monitoring', sha256: Sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: 'https:',
    hostname: host,
    path: '/',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const response = await fetch(`https://${host}/`, { method: 'POST', headers: signed.headers, body });
  const text = await response.text();
  if (!response.ok)
    throw new Error(
      `${params.Action} answered ${response.status}: ${/<Message>([^<]*)/.exec(text)?.[1] ?? text.slice(0, 120)}`,
    );
  return text;
}

/**
 * `--alarm-test`: sets one of the stack's alarms to ALARM (as `aws cloudwatch set-alarm-state`
 * does) and waits for its history to show the SNS action executed, i.e. the alarm topic
 * accepted the publish (the topic policy allows CloudWatch). CloudWatch sets the state back at
 * its next evaluation.
 */
export async function checkAlarmReachesTopic(stackName: string, results: Results): Promise<void> {
  const cloudFormation = createCloudFormationClient({ region: REGION });
  let alarmName = '';
  const found = await results.run(`alarm of stack ${stackName}`, 'at least one CloudWatch alarm', async () => {
    const { StackResources = [] } = await cloudFormation.send(
      new DescribeStackResourcesCommand({ StackName: stackName }),
    );
    const alarms = StackResources.filter((resource) => resource.ResourceType === 'AWS::CloudWatch::Alarm');
    alarmName =
      (alarms.find((alarm) => alarm.LogicalResourceId?.includes('Api5xx')) ?? alarms[0])?.PhysicalResourceId ?? '';
    return { got: alarmName || 'none', pass: alarmName !== '' };
  });
  if (!found) return;

  const startedAt = new Date();
  const changed = await results.run('set-alarm-state ALARM', 'accepted', async () => {
    await cloudWatch(cloudFormation.config.credentials, {
      Action: 'SetAlarmState',
      AlarmName: alarmName,
      StateValue: 'ALARM',
      StateReason: 'npm run smoke -- --alarm-test: checking that alarms reach the alarm topic',
    });
    return { got: 'accepted', pass: true };
  });
  if (!changed) return;

  await results.run(
    'alarm action published to the alarm topic',
    '"Successfully executed action" in the alarm history',
    async () => {
      for (let attempt = 0; attempt < 12; attempt += 1) {
        const history = await cloudWatch(cloudFormation.config.credentials, {
          Action: 'DescribeAlarmHistory',
          AlarmName: alarmName,
          HistoryItemType: 'Action',
          StartDate: startedAt.toISOString(),
        });
        const summaries = [...history.matchAll(/<HistorySummary>([^<]*)<\/HistorySummary>/g)].map((match) => match[1]!);
        const outcome = summaries.find((summary) => /action/i.test(summary));
        if (outcome) return { got: outcome, pass: /^Successfully executed action/i.test(outcome) };
        await sleep(5000);
      }
      return { got: 'no action in the history after 60 s', pass: false };
    },
  );
}
