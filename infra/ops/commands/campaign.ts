/**
 * `npm run campaign -- <verb> <slug> [options]` (docs/operations.md):
 *   preview <slug>               renders both parts into .local/campaign-preview/<slug>.html
 *   test <slug> --to <address>   sends one copy (subject marked [Test]); no send record
 *   send <slug> [--yes]          asks, then sends to every eligible subscriber, once each
 *        [--rate <n/s>] [--concurrency <n>]   local only: SES's rate and recipients in flight
 *   status <slug> [--json]       recipients, sent, failed, delivered, bounced (permanent, transient),
 *                                complained, rejected, unsubscribed since: the console's counts
 *   archive                      asks the site's publisher for a run (npm run deploy does, after
 *                                each deploy): the site's newsletter pages and blog follow the tables
 *   --target local|aws           default local: `npm start`'s stack (PORT, SES_PORT,
 *                                DYNAMODB_PORT, LOCAL_DATA_DIR); aws: the deployed stack's outputs
 *   --stage <stage>              with --target aws: that stage's stack instead of prod's
 */
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { testCopy } from '#lambdas/campaigns/test-copy.ts';
import { requestPublisherRun } from '#lambdas/publisher/publisher-trigger.ts';
import { publisherTriggerFromEnv } from '#lambdas/publisher/lambda-publisher-trigger.ts';
import { campaignSenderDepsFromEnv, sendRateFromEnv } from '#lambdas/campaigns/campaign-deps.ts';
import { storeCampaignBody } from '#lambdas/data/campaign-body.ts';
import { startCampaignRun } from '#lambdas/data/campaign-sends.ts';
import { createSesClient } from '#lambdas/runtime/aws-clients/ses.ts';
import { sendMail } from '#lambdas/mail/send.ts';
import { nowSeconds } from '#lambdas/runtime/clock.ts';
import { resolveCampaignTarget, type CampaignTarget } from './campaigns/campaign-target';
import { campaignStatus } from './campaigns/campaign-status';
import { enqueueRecipients } from '#lambdas/campaigns/enqueue.ts';
import { createSqsClient } from '#lambdas/runtime/aws-clients/sqs.ts';
import { STACK, STAGE_USAGE, stageStackName } from './stack-target';
import { loadCampaign } from './campaigns/load-campaign';
import { sendLocally } from './campaigns/local-queue';
import { writePreview } from './campaigns/preview';
import { parseCommandLine } from '../command-line';
import { inertText, printInert } from './inert-output';
import { campaignRecipients } from './campaigns/recipients';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { countOf } from '#shared/count-words.ts';
import { RETENTION_SECONDS } from '#shared/constants/limits.ts';

const USAGE = `Usage: npm run campaign -- preview|test|send|status <slug> [--to <address>] [--yes] [--json] [--rate <n>] [--concurrency <n>] [--target local|aws], or npm run campaign -- archive [--target local|aws]; each ${STAGE_USAGE}`;
export interface CampaignArgs {
  verb: 'preview' | 'test' | 'send' | 'status' | 'archive';
  /** Empty for `archive`, which concerns every campaign. */
  slug: string;
  target: string;
  /** A deployed stage other than prod (`--stage`, with `--target aws`). */
  stage?: string;
  to?: string;
  yes: boolean;
  json: boolean;
  rate?: number;
  concurrency: number;
}

const positive = (flag: string, raw: string | undefined) => {
  const value = Number(raw);
  if (!(value > 0)) throw new Error(`${flag} must be a positive number. ${USAGE}`);
  return value;
};

export const parseCampaignArgs = (argv: string[]): CampaignArgs => {
  const { values, positionals } = parseCommandLine(
    argv,
    {
      target: { type: 'string', default: 'local' },
      stage: { type: 'string' },
      to: { type: 'string' },
      yes: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      rate: { type: 'string' },
      concurrency: { type: 'string' },
    },
    USAGE,
  );
  const [verb, ...rest] = positionals;
  const [slug = '', ...extra] = verb === 'archive' ? ['', ...rest] : rest;
  if (!['preview', 'test', 'send', 'status', 'archive'].includes(verb ?? '') || (verb !== 'archive' && !slug))
    throw new Error(USAGE);
  if (extra.length > 0) throw new Error(`Unexpected argument "${extra[0]}". ${USAGE}`);
  const args: CampaignArgs = {
    verb: verb as CampaignArgs['verb'],
    slug,
    target: values.target,
    stage: values.stage,
    to: values.to,
    yes: values.yes,
    json: values.json,
    rate: values.rate === undefined ? undefined : positive('--rate', values.rate),
    concurrency: values.concurrency === undefined ? 8 : Math.floor(positive('--concurrency', values.concurrency)),
  };
  if (args.verb === 'test' && !args.to?.includes('@')) throw new Error(`test needs --to <address>. ${USAGE}`);
  return args;
};

const confirm = async (question: string) => {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await prompt.question(`${question} [y/N] `)).trim());
  } finally {
    prompt.close();
  }
};

/** Stops taking recipients on Ctrl+C or SIGTERM; the emails in flight finish and are recorded. */
const stopSignal = () => {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      console.log(`\n${signal}: finishing the emails in flight, then stopping. Run the same send again to resume.`);
    });
  }
  return () => stopping;
};

/**
 * Asks for a newsletter archive run once the send has started, as the worker does after a
 * console send's launch (launch-campaign.ts): the campaign goes on the site's newsletter page if
 * its draft in the console is ticked. A failed request does not stop the send.
 */
const requestArchive = async (slug: string, log: (line: string) => void) => {
  log(
    (await requestPublisherRun(publisherTriggerFromEnv(), slug))
      ? "Newsletter page: an update was requested (it lists this campaign if its console draft is ticked 'Publish')."
      : 'Newsletter page: the update could not be requested; it follows at the next send or change in the console.',
  );
};

const send = async (args: CampaignArgs, target: CampaignTarget, log: (line: string) => void): Promise<number> => {
  const campaign = await loadCampaign(args.slug, target.siteUrl);
  const recipients = await campaignRecipients(target, campaign, nowSeconds());
  if (
    !args.yes &&
    !(await confirm(
      `Send "${campaign.subject}" (${campaign.topic}, ${campaign.audience}) to ${countOf(recipients.length, 'eligible subscriber')} on ${target.name}?`,
    ))
  ) {
    log('Nothing sent.');
    return 1;
  }
  const store = { db: target.db, table: target.tables.campaigns };
  // The body's parts first (the same parts again on a resume), then the item that names them.
  const head = await storeCampaignBody(store, campaign, nowSeconds() + RETENTION_SECONDS);
  if (!(await startCampaignRun(store, head, recipients.length, nowSeconds()))) {
    throw new Error(
      `Campaign ${args.slug} was sent before with other content. Subscribers get one version: put the new content in a new campaign file.`,
    );
  }
  if (target.queueUrl) {
    await enqueueRecipients(
      createSqsClient({ region: STACK.region }),
      target.queueUrl,
      recipients.map((subscriberId) => ({ campaign: campaign.slug, subscriberId })),
    );
    await requestArchive(args.slug, log);
    log(
      `${countOf(recipients.length, 'recipient')} queued on aws; the campaign worker sends them at SES's rate. Follow with: npm run campaign -- status ${args.slug} --target aws`,
    );
    return 0;
  }
  await requestArchive(args.slug, log);
  const started = Date.now();
  const tally = await sendLocally(campaignSenderDepsFromEnv(), campaign, recipients, {
    rate: args.rate ?? sendRateFromEnv(),
    concurrency: args.concurrency,
    stopping: stopSignal(),
  });
  const seconds = (Date.now() - started) / 1000;
  const summary = {
    queued: recipients.length,
    ...tally,
    seconds,
    emailsPerSecond: tally.sent / seconds,
    peakMemoryMb: process.resourceUsage().maxRSS / 1024,
  };
  if (args.json) log(JSON.stringify(summary));
  else {
    log(
      `Sent ${tally.sent} of ${recipients.length} in ${seconds.toFixed(1)} s (${summary.emailsPerSecond.toFixed(1)} emails/s, peak memory ${summary.peakMemoryMb.toFixed(0)} MB).`,
    );
    log(
      `Already sent before: ${tally.already}; no longer eligible: ${tally.ineligible}; refused and retried: ${tally.retried}; in doubt and waited for SES: ${tally.awaited}; failed: ${tally.failed}; still in doubt after the resend: ${tally.uncertain}; left for the next run: ${tally.left}.`,
    );
  }
  return tally.left > 0 ? 2 : 0;
};

export const runCampaign = async (args: CampaignArgs, log: (line: string) => void = printInert): Promise<number> => {
  const target = await resolveCampaignTarget(args.target, stageStackName(args.target, args.stage));
  if (args.verb === 'preview') {
    log(
      `Preview: ${writePreview(await loadCampaign(args.slug, target.siteUrl), target.siteUrl, path.join(REPO_ROOT, '.local', 'campaign-preview'))}`,
    );
    return 0;
  }
  if (args.verb === 'test') {
    const campaign = await loadCampaign(args.slug, target.siteUrl);
    const messageId = await sendMail(
      createSesClient(),
      testCopy(campaign, args.to!, target.siteUrl),
      target.senderAddress,
    );
    log(
      `Test copy sent to ${args.to} (SES message ${messageId}). Its links are a sample subscriber's, not yours; it has no one-click unsubscribe header.`,
    );
    return 0;
  }
  if (args.verb === 'send') return send(args, target, log);
  if (args.verb === 'archive') {
    // The publisher reads the tables whole and writes only what differs: new pages' template after
    // a deploy, the sitemaps in a new environment, anything a failed run left behind.
    const requested = await requestPublisherRun(publisherTriggerFromEnv(), '(all)');
    log(
      requested
        ? `Newsletter and blog pages on ${target.name}: a run was requested; the pages, the indexes, the feeds and the sitemaps follow within a minute.`
        : `Newsletter and blog pages on ${target.name}: the run could not be requested (see the error above). Run this again in a minute.`,
    );
    return requested ? 0 : 1;
  }
  const status = await campaignStatus(target, args.slug);
  if (!status) {
    log(`Campaign ${args.slug} has not been sent on ${target.name}.`);
    return 1;
  }
  log(
    args.json
      ? JSON.stringify(status)
      : Object.entries(status)
          .map(([name, value]) => `${name.padEnd(18)} ${value}`)
          .join('\n'),
  );
  return 0;
};

if (require.main === module) {
  Promise.resolve()
    .then(() => runCampaign(parseCampaignArgs(process.argv.slice(2))))
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(inertText(error instanceof Error ? error.message : String(error)));
      process.exit(1);
    });
}
