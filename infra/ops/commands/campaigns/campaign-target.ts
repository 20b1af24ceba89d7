import type { FunctionName } from '#infra/cdk/constructs/functions.ts';
import { CAMPAIGNS_TABLE, LEADS_TABLE, SUBSCRIBERS_TABLE } from '#infra/cdk/constructs/table-definitions.ts';
import { useCompressedClock } from '#infra/local/ses-and-events/compressed-clock.ts';
import { localConfig } from '#infra/local/local-config.ts';
import { LOCAL_LAMBDA_PREFIX } from '#infra/local/functions/local-lambda.ts';
import { resolveTarget, STACK, type OpsTarget } from '../stack-target';

/** Where a campaign is sent: the tables, the site its links point at, and how mail goes out. */
export interface CampaignTarget extends OpsTarget {
  siteUrl: string;
  senderAddress: string;
  /** AWS: the queue the worker Lambda drains. Locally there is none: the command sends itself. */
  queueUrl?: string;
}

/**
 * Locally the command is the sender, so it gets the environment `npm start` gives the handlers
 * (infra/local/start.ts): the same PORT, SES_PORT, DYNAMODB_PORT and LOCAL_DATA_DIR, the
 * compressed delivery clock, dead letters in a file beside the data directory. It talks to the
 * emulators directly, not through the stack's fault proxies; a run of the site's publisher is asked of
 * the stack's Lambda endpoint, as its functions ask it (infra/local/functions/local-lambda.ts).
 */
const useLocalStack = () => {
  const cfg = localConfig();
  useCompressedClock();
  process.env.CAMPAIGN_SEND_RATE ??= '200';
  Object.assign(process.env, {
    AWS_REGION: STACK.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: cfg.externalEndpoints.dynamodb ?? `http://127.0.0.1:${cfg.dynamoPort}`,
    AWS_ENDPOINT_URL_SES: cfg.externalEndpoints.ses ?? `http://127.0.0.1:${cfg.sesPort}`,
    AWS_ENDPOINT_URL_LAMBDA: `http://127.0.0.1:${cfg.sitePort}${LOCAL_LAMBDA_PREFIX}`,
    SITE_PUBLISHER_FUNCTION: 'sitePublisher' satisfies FunctionName,
    SUBSCRIBERS_TABLE: SUBSCRIBERS_TABLE.logicalName,
    LEADS_TABLE: LEADS_TABLE.logicalName,
    CAMPAIGNS_TABLE: CAMPAIGNS_TABLE.logicalName,
    SITE_URL: cfg.siteUrl,
    SENDER_EMAIL: cfg.senderEmail,
    MAILING_ADDRESS: cfg.mailingAddress,
    MAIL_DEAD_LETTER_FILE: `${cfg.dataDir}-campaign-dead-letters.jsonl`,
  });
  return cfg;
};

/** `stackName`: the deployed stack `--target aws` reads (prod's unless `--stage` named another). */
export const resolveCampaignTarget = async (name: string, stackName: string = STACK.name): Promise<CampaignTarget> => {
  if (name === 'local') {
    const cfg = useLocalStack();
    return { ...(await resolveTarget('local')), siteUrl: cfg.siteUrl, senderAddress: cfg.senderEmail };
  }
  const target = await resolveTarget(name, stackName);
  const output = (key: string) => {
    if (!target.outputs[key])
      throw new Error(`The stack ${stackName} has no output ${key}: deploy the current version first (npm run deploy)`);
    return target.outputs[key]!;
  };
  process.env.AWS_REGION ??= STACK.region;
  // The address the deployed functions were given: a test copy or preview rendered here carries it too.
  process.env.MAILING_ADDRESS ??= localConfig().deployedMailingAddress;
  // The send asks the site's publisher for a run, as the worker's launch does.
  process.env.SITE_PUBLISHER_FUNCTION = output('SitePublisherName');
  return {
    ...target,
    siteUrl: output('SiteUrl').replace(/\/+$/, ''),
    senderAddress: output('SenderAddress'),
    queueUrl: output('CampaignQueueUrl'),
  };
};
