import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { CAMPAIGNS_TABLE } from '#infra/cdk/constructs/table-definitions.ts';
import { LOCAL_LAMBDA_PREFIX } from '#infra/local/functions/local-lambda.ts';
import { lambdaPublisherTrigger } from '#lambdas/publisher/lambda-publisher-trigger.ts';
import { CAMPAIGN_FILES } from '#lambdas/campaigns/campaign-files.generated.ts';
import { readCampaignSource, renderCampaign } from '#lambdas/campaigns/campaign-markdown.ts';
import { createLambdaClient } from '#lambdas/runtime/aws-clients/lambda.ts';
import { ARCHIVE_FILES, archivePagePath } from '#shared/newsletter-archive.ts';
import type { RunningStack } from '../support/local-stack';

/** The repository's campaign the archive's figures are measured with (decision 0052). */
const SLUG = '2025-hiring-outlook';

/**
 * The newsletter archive's index and one issue, on the local stack, for the bench's Lighthouse
 * runs: the repository's campaign stored as the console and a send leave it (a draft ticked
 * `publish`, its campaign item with `startedAt`), then the publisher asked for a run through the
 * twin's Lambda endpoint, as the campaign worker asks after a launch. Returns the two paths once
 * the issue's page is served.
 */
export async function publishBenchIssue(stack: RunningStack): Promise<string[]> {
  const local = { region: 'ca-central-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  const db = new DynamoDBClient({ ...local, endpoint: stack.dynamoUrl });
  const source = await readCampaignSource(SLUG, CAMPAIGN_FILES[SLUG]!);
  const now = Math.floor(Date.now() / 1000);
  const put = (item: Record<string, unknown>) =>
    db.send(
      new PutItemCommand({
        TableName: CAMPAIGNS_TABLE.logicalName,
        Item: marshall(item, { removeUndefinedValues: true }),
      }),
    );
  await put({
    id: `draft#${SLUG}`,
    kind: 'campaign-draft',
    ...source,
    publish: true,
    version: 0,
    createdAt: now,
    updatedAt: now,
    updatedBy: 'bench@example.ca',
  });
  await put({
    id: `campaign#${SLUG}`,
    kind: 'campaign',
    ...(await renderCampaign(source, stack.baseUrl)),
    startedAt: now,
    queued: 1,
    lastQueuedAt: now,
    runs: 1,
    expiresAt: now + 86_400 * 730,
  });
  const trigger = lambdaPublisherTrigger(
    createLambdaClient({ ...local, endpoint: `${stack.baseUrl}${LOCAL_LAMBDA_PREFIX}` }),
    'sitePublisher',
  );
  await trigger();
  const page = archivePagePath(SLUG);
  for (let waited = 0; (await fetch(new URL(page, stack.baseUrl))).status !== 200; waited += 200) {
    if (waited > 15_000) throw new Error(`${page} was not published within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return [ARCHIVE_FILES.index.path, page];
}
