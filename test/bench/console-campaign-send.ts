/**
 * A campaign sent from the console (issue 20): on a fresh local stack with 2,000 eligible
 * subscribers among ineligible ones,
 * - the preview API's median time over 20 calls, signed in, against its floor measured in the same
 *   run (campaign-preview-floor-server.ts: the same DynamoDB reads, nothing else);
 * - a send from the console API to every eligible subscriber, end to end through the twin's
 *   campaign queue at SES's rate PACED_RATE: time from "send" until the progress says sent
 *   (web/src/console/screens/campaigns/send-words.ts sendStage), emails per second, each eligible
 *   subscriber exactly once in the local inbox and nobody else, and the delivered count of the
 *   results once SES's Delivery events arrived (the twin's event relay).
 * Standalone: `npx tsx test/bench/console-campaign-send.ts`.
 */
import { fillPath, type Route } from '#shared/route-key.ts';
import { CAMPAIGN_ROUTES, type SendProgress } from '#shared/console/campaigns.ts';
import { SESSION_COOKIE } from '#shared/console/common.ts';
import { CONSOLE_TABLE, SUBSCRIBERS_TABLE } from '#infra/cdk/constructs/table-definitions.ts';
import { LOCAL_CONSOLE_OWNER } from '#infra/local/local-config.ts';
import { readRawEmails } from '#infra/local/services.ts';
import { sessionItemIds } from '#lambdas/console/sign-in/sessions.ts';
import { sendStage } from '#web/src/console/screens/campaigns/send-words.ts';
import { signInOverHttp } from '../support/console-sign-in-over-http';
import { LIMITS_LIFTED, reuseBuildIfPresent, startLocalStack, type RunningStack } from '../support/local-stack';
import { startFloorServer } from './api-latency';
import { PACED_RATE, seedBenchAudience } from './campaign-send';
import type { BudgetLine } from './report';

export const PREVIEW_CALLS = 20;
/** The preview may take this many times its floor: it renders Markdown and the whole email. */
export const PREVIEW_RATIO_BUDGET = 2;
/** How long SES's Delivery events may take to be counted after the last email. */
const DELIVERY_WAIT_MS = 120_000;
const SLUG = 'bench-console-send';
const FIELDS = {
  subject: 'Bench: a console send',
  preheader: 'Measured from the console API',
  topic: 'newsletter',
  audience: 'candidate',
  markdown: 'Hello,\n\nA benchmark issue, with [the home page](/) to check.\n',
};

export interface ConsoleCampaignRun {
  subscribers: number;
  preview: { calls: number; medianMs: number; floorMedianMs: number; ratio: number };
  send: {
    eligible: number;
    rate: number;
    sent: number;
    secondsToSent: number;
    emailsPerSecond: number;
    /** Every eligible subscriber exactly one email, nobody else any. */
    exactlyOnce: boolean;
    delivered: number;
    secondsToDelivered: number;
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The console API as the owner's browser calls it: session cookie, the site's Origin, JSON. */
const consoleApi =
  (stack: RunningStack, token: string) =>
  async ({ method, path }: Route, json?: unknown) => {
    const response = await fetch(new URL(fillPath(path, { slug: SLUG }), stack.baseUrl), {
      method,
      headers: {
        cookie: `${SESSION_COOKIE}=${token}`,
        origin: new URL(stack.baseUrl).origin,
        ...(json !== undefined && { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${body}`);
    return JSON.parse(body) as unknown;
  };

/** `calls` one after another after 3 warm-ups, each timed; the median in ms. */
const medianOf = async (calls: number, call: () => Promise<unknown>) => {
  for (let warm = 0; warm < 3; warm += 1) await call();
  const times: number[] = [];
  for (let index = 0; index < calls; index += 1) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  return median(times);
};

const measurePreview = async (stack: RunningStack, token: string, call: ReturnType<typeof consoleApi>) => {
  const floorPort = 40000 + Math.floor(Math.random() * 20000);
  // The session item and its owner's record, as the route reads them.
  const ids = sessionItemIds(token)!;
  const stopFloor = await startFloorServer('campaign-preview-floor-server.ts', [
    stack.functionsDynamoUrl,
    CONSOLE_TABLE.logicalName,
    SUBSCRIBERS_TABLE.logicalName,
    String(floorPort),
    ids.session,
    ids.owner,
  ]);
  try {
    const floorMedianMs = await medianOf(PREVIEW_CALLS, async () => {
      const response = await fetch(`http://127.0.0.1:${floorPort}/`);
      if (!response.ok) throw new Error(`The preview floor answered ${response.status}`);
      await response.text();
    });
    const medianMs = await medianOf(PREVIEW_CALLS, () => call(CAMPAIGN_ROUTES.preview, FIELDS));
    return { calls: PREVIEW_CALLS, medianMs, floorMedianMs, ratio: medianMs / floorMedianMs };
  } finally {
    stopFloor();
  }
};

/** Polls the progress until `done` says so or `deadline` passes; the last progress read. */
const progressUntil = async (
  call: ReturnType<typeof consoleApi>,
  done: (progress: SendProgress) => boolean,
  deadline: number,
) => {
  for (;;) {
    const progress = (await call(CAMPAIGN_ROUTES.progress)) as SendProgress;
    if (done(progress) || Date.now() > deadline) return progress;
    await sleep(200);
  }
};

/**
 * `rate`: SES's rate the send is paced at (PACED_RATE by default); `env`: more of the stack's
 * environment (the IAM overhead's comparison runs it with LOCAL_IAM_ENFORCEMENT=off).
 */
export async function measureConsoleCampaignSend(
  options: { rate?: number; env?: Record<string, string> } = {},
): Promise<ConsoleCampaignRun> {
  const rate = options.rate ?? PACED_RATE;
  const stack = await startLocalStack(reuseBuildIfPresent(), {
    env: {
      ...LIMITS_LIFTED,
      ...options.env,
      CAMPAIGN_SEND_RATE: String(rate),
      // A real-looking address: the send's checks refuse the local stand-in (CASL identification).
      MAILING_ADDRESS: 'Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3',
    },
  });
  try {
    const { subscribers, eligible } = await seedBenchAudience(stack.dynamoUrl);
    const token = await signInOverHttp(stack, LOCAL_CONSOLE_OWNER);
    const call = consoleApi(stack, token);

    const preview = await measurePreview(stack, token, call);

    await call(CAMPAIGN_ROUTES.create, { slug: SLUG, ...FIELDS });
    const start = performance.now();
    await call(CAMPAIGN_ROUTES.send, { version: 0 });
    const sent = await progressUntil(call, (p) => sendStage(p) === 'sent', Date.now() + 600_000);
    const secondsToSent = (performance.now() - start) / 1000;
    if (sendStage(sent) !== 'sent') throw new Error(`The send did not finish: ${JSON.stringify(sent)}`);
    const delivered = await progressUntil(call, (p) => p.results.delivered >= sent.sent, Date.now() + DELIVERY_WAIT_MS);
    const secondsToDelivered = (performance.now() - start) / 1000;

    const recipients = (await readRawEmails(stack.inboxUrl))
      .filter((raw) => new RegExp(`^X-Campaign: ${SLUG}$`, 'm').test(raw))
      .map((raw) => /^To: (.+)$/m.exec(raw)![1]!.trim());
    const exactlyOnce =
      recipients.length === eligible.size &&
      new Set(recipients).size === eligible.size &&
      recipients.every((to) => eligible.has(to));
    return {
      subscribers,
      preview,
      send: {
        eligible: eligible.size,
        rate,
        sent: sent.sent,
        secondsToSent,
        emailsPerSecond: sent.sent / secondsToSent,
        exactlyOnce,
        delivered: delivered.results.delivered,
        secondsToDelivered,
      },
    };
  } finally {
    stack.stop();
  }
}

export const consoleCampaignBudgets = ({ subscribers, preview, send }: ConsoleCampaignRun): BudgetLine[] => [
  {
    what: `Console campaign preview, ${subscribers} subscribers: median of ${preview.calls} calls vs its floor (same reads)`,
    measured: `${preview.medianMs.toFixed(1)} ms vs ${preview.floorMedianMs.toFixed(1)} ms (${preview.ratio.toFixed(2)}×)`,
    budget: `≤ ${PREVIEW_RATIO_BUDGET}× floor`,
    ok: preview.ratio <= PREVIEW_RATIO_BUDGET,
  },
  {
    what: `Console send to ${send.eligible} eligible, SES rate ${send.rate}/s: until the progress says sent`,
    measured: `${send.secondsToSent.toFixed(1)} s, ${send.emailsPerSecond.toFixed(1)}/s; ${send.sent} sent, ${send.exactlyOnce ? 'each eligible exactly once, nobody else' : 'NOT exactly the eligible'}`,
    budget: 'each eligible exactly one email, nobody else any',
    ok: send.exactlyOnce,
  },
  {
    what: 'Console send: delivered in the results once SES reported',
    measured: `${send.delivered} of ${send.sent}, ${send.secondsToDelivered.toFixed(1)} s after send`,
    budget: `every email sent (within ${DELIVERY_WAIT_MS / 1000} s)`,
    ok: send.delivered === send.sent && send.sent === send.eligible,
  },
];

if (require.main === module) {
  measureConsoleCampaignSend()
    .then((run) => console.log(JSON.stringify({ run, budgets: consoleCampaignBudgets(run) }, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
