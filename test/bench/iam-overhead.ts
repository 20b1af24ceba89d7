/**
 * What the twin's IAM enforcement costs (issue 30, docs/decisions/0041-iam-enforced-twin.md): the
 * same work on a stack that enforces each function's role (the default) and on one started with
 * LOCAL_IAM_ENFORCEMENT=off, which lets every call through.
 * - API: GET subscriber (the preferences page's read), p50 of the median run of five, the two
 *   stacks loaded in turns (api-latency.ts), each after a warm-up.
 * - Campaign throughput: a console send to the bench audience at a rate no pacer reaches, until the
 *   progress says sent, on a stack of its own each (console-campaign-send.ts), three of each in
 *   turns, medians: the campaign worker enqueues through the twin's SQS and sends through its SES
 *   proxy, every call evaluated. (The campaign command's own rate, the 150 emails/s budget, is
 *   measured by campaign-send.ts on an enforcing stack: an operator command's calls are its
 *   caller's, but the SES events' ingestion it sets off is held to sesEvents' role.)
 * Budgets: enforcement adds at most 10% to the p50 and takes at most 10% off the throughput.
 */
import { apiPath } from '#shared/paths.ts';
import { subscribeViaApi } from '../e2e/support/subscribers';
import { LIMITS_LIFTED, reuseBuildIfPresent, startLocalStack, type RunningStack } from '../support/local-stack';
import { loadInTurns, type LatencyResult } from './api-latency';
import { UNTHROTTLED_RATE } from './campaign-send';
import { measureConsoleCampaignSend } from './console-campaign-send';
import type { BudgetLine } from './report';

const OFF = { LOCAL_IAM_ENFORCEMENT: 'off' };
const SEND_TURNS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const IAM_LATENCY_BUDGET = 1.1;
export const IAM_THROUGHPUT_BUDGET = 0.9;

export interface IamOverhead {
  latency: { enforced: LatencyResult; open: LatencyResult };
  throughput: { enforced: number; open: number; sent: number };
}

/** A confirmed subscriber's preferences URL on `stack`, made as a visitor becomes one. */
const subscriberUrl = async (stack: RunningStack) => {
  Object.assign(process.env, { E2E_BASE_URL: stack.baseUrl, E2E_INBOX_URL: stack.inboxUrl });
  const { preferencesToken } = await subscribeViaApi('candidate', 'iam-bench');
  return new URL(apiPath('getSubscriber', { audience: 'candidate', id: preferencesToken }), stack.baseUrl).href;
};

export async function measureIamOverhead(): Promise<IamOverhead> {
  const enforcedStack = await startLocalStack(reuseBuildIfPresent(), { env: LIMITS_LIFTED });
  const openStack = await startLocalStack(reuseBuildIfPresent(), { env: { ...LIMITS_LIFTED, ...OFF } });
  let latency: IamOverhead['latency'];
  try {
    const [open, enforced] = await loadInTurns(
      { name: 'GET subscriber, IAM not enforced', url: await subscriberUrl(openStack) },
      { name: 'GET subscriber, IAM enforced', url: await subscriberUrl(enforcedStack) },
    );
    latency = { enforced, open };
  } finally {
    enforcedStack.stop();
    openStack.stop();
  }
  // In turns, three each: one run's rate moved by ±8% on the same code.
  const open: number[] = [];
  const enforced: number[] = [];
  let sent = 0;
  for (let turn = 0; turn < SEND_TURNS; turn += 1) {
    open.push((await measureConsoleCampaignSend({ rate: UNTHROTTLED_RATE, env: OFF })).send.emailsPerSecond);
    const run = await measureConsoleCampaignSend({ rate: UNTHROTTLED_RATE });
    enforced.push(run.send.emailsPerSecond);
    sent = run.send.sent;
  }
  return { latency, throughput: { enforced: median(enforced), open: median(open), sent } };
}

export const iamOverheadBudgets = ({ latency, throughput }: IamOverhead): BudgetLine[] => {
  const latencyRatio = latency.enforced.p50Ms / latency.open.p50Ms;
  const throughputRatio = throughput.enforced / throughput.open;
  return [
    {
      what: 'IAM enforcement: GET subscriber p50, enforced vs not (median of five runs each, in turns)',
      measured: `${latency.enforced.p50Ms} ms vs ${latency.open.p50Ms} ms (${latencyRatio.toFixed(2)}×)`,
      budget: `≤ ${IAM_LATENCY_BUDGET}×`,
      ok: latencyRatio <= IAM_LATENCY_BUDGET,
    },
    {
      what: `IAM enforcement: console send of ${throughput.sent} emails, unpaced, enforced vs not (medians of ${SEND_TURNS} in turns)`,
      measured: `${throughput.enforced.toFixed(1)}/s vs ${throughput.open.toFixed(1)}/s (${throughputRatio.toFixed(2)}×)`,
      budget: `≥ ${IAM_THROUGHPUT_BUDGET}×`,
      ok: throughputRatio >= IAM_THROUGHPUT_BUDGET,
    },
  ];
};
