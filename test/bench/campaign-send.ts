/**
 * Campaign send budget (issue 12): a local send to 2,000 eligible subscribers, among
 * ineligible ones, through `npm run campaign -- send` against a local stack. Twice: at a
 * configured SES rate (the sender keeps to it) and with the rate set far above what the code
 * can do (the figure is then our code's own ceiling, which must exceed SES's rate). Each run
 * checks the inbox: every eligible subscriber exactly one email, nobody else any.
 * Standalone: `npx tsx test/bench/campaign-send.ts`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readRawEmails } from '#infra/local/services.ts';
import { seedSubscribers } from '../support/campaign-subscribers';
import type { BudgetLine } from './report';
import { reuseBuildIfPresent, startLocalStack } from '../support/local-stack';
import { REPO_ROOT } from '#shared/repo-root.ts';

export const ELIGIBLE = 2000;
/** SES's rate for the paced run, and a rate no code reaches for the unthrottled one. */
export const PACED_RATE = 100;
export const UNTHROTTLED_RATE = 100_000;
/** SES's rate a new production account starts with: our code must go faster than this. */
export const SES_DEFAULT_RATE = 14;

export interface CampaignRun {
  rate: number;
  eligible: number;
  sent: number;
  seconds: number;
  emailsPerSecond: number;
  peakMemoryMb: number;
  /** Every eligible subscriber exactly one email, nobody else any. */
  exactlyOnce: boolean;
}

const send = (
  placement: { sitePort: number; sesPort: number; dynamoPort: number; dataDir: string },
  dir: string,
  slug: string,
  rate: number,
) => {
  const result = spawnSync(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    ['infra/ops/commands/campaign.ts', 'send', slug, '--yes', '--json', '--rate', String(rate), '--concurrency', '16'],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: Object.fromEntries(
        Object.entries({
          ...process.env,
          PORT: String(placement.sitePort),
          SES_PORT: String(placement.sesPort),
          DYNAMODB_PORT: String(placement.dynamoPort),
          LOCAL_DATA_DIR: placement.dataDir,
          SITE_URL: `http://127.0.0.1:${placement.sitePort}`,
          CAMPAIGNS_DIR: dir,
        }).filter(([name]) => !name.startsWith('AWS_ENDPOINT_URL')),
      ),
    },
  );
  if (result.status !== 0) throw new Error(`campaign send failed (${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as {
    sent: number;
    seconds: number;
    emailsPerSecond: number;
    peakMemoryMb: number;
  };
};

/**
 * The bench's subscribers: ELIGIBLE who can receive a candidate newsletter (100 of them by implied
 * consent still valid) and 250 who cannot, 50 for each reason (another audience among them).
 * How many were seeded, and the addresses that can.
 */
export async function seedBenchAudience(dynamoUrl: string): Promise<{ subscribers: number; eligible: Set<string> }> {
  const seeded = await seedSubscribers(dynamoUrl, {
    eligible: ELIGIBLE - 100,
    impliedValid: 100,
    impliedExpired: 50,
    topicOff: 50,
    unsubscribedAll: 50,
    suppressed: 50,
    otherAudience: 50,
  });
  return {
    subscribers: seeded.length,
    eligible: new Set(seeded.filter((s) => s.kind === 'eligible' || s.kind === 'impliedValid').map((s) => s.email)),
  };
}

/** Both runs, each its own campaign to the same 2,000 eligible subscribers of one stack. */
export async function measureCampaignSend(): Promise<CampaignRun[]> {
  const stack = await startLocalStack(reuseBuildIfPresent());
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-campaigns-'));
  try {
    const { eligible } = await seedBenchAudience(stack.dynamoUrl);
    const runs: CampaignRun[] = [];
    for (const [slug, rate] of [
      ['bench-paced', PACED_RATE],
      ['bench-unthrottled', UNTHROTTLED_RATE],
    ] as const) {
      writeFileSync(
        path.join(dir, `${slug}.md`),
        `---\nsubject: "Bench ${slug}"\ntopic: newsletter\naudience: candidate\n---\nHello,\n\nA benchmark issue.\n`,
      );
      const figures = send(stack.placement, dir, slug, rate);
      const recipients = (await readRawEmails(stack.inboxUrl))
        .filter((raw) => new RegExp(`^X-Campaign: ${slug}$`, 'm').test(raw))
        .map((raw) => /^To: (.+)$/m.exec(raw)![1]!.trim());
      const exactlyOnce =
        recipients.length === eligible.size &&
        new Set(recipients).size === eligible.size &&
        recipients.every((to) => eligible.has(to));
      runs.push({ rate, eligible: eligible.size, ...figures, exactlyOnce });
    }
    return runs;
  } finally {
    stack.stop();
  }
}

/** Every eligible subscriber exactly once in both runs; the code's own rate above SES's starting rate. */
export const campaignBudgets = (runs: CampaignRun[]): BudgetLine[] => [
  ...runs.map((run) => ({
    what: `Campaign send to ${run.eligible} eligible, SES rate ${run.rate}/s: time, emails/s, peak memory`,
    measured: `${run.seconds.toFixed(1)} s, ${run.emailsPerSecond.toFixed(1)}/s, ${run.peakMemoryMb.toFixed(0)} MB; ${run.sent} sent, ${run.exactlyOnce ? 'each eligible exactly once, nobody else' : 'NOT exactly the eligible'}`,
    budget: 'each eligible exactly one email, nobody else any',
    ok: run.exactlyOnce,
  })),
  (() => {
    const ceiling = runs[runs.length - 1]!;
    return {
      what: 'Campaign sender not the bottleneck (SES rate set far above)',
      measured: `${ceiling.emailsPerSecond.toFixed(1)} emails/s`,
      budget: `> ${SES_DEFAULT_RATE}/s (SES's starting rate)`,
      ok: ceiling.emailsPerSecond > SES_DEFAULT_RATE,
    };
  })(),
];

if (require.main === module) {
  measureCampaignSend()
    .then((runs) => console.log(JSON.stringify({ runs, budgets: campaignBudgets(runs) }, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
