/**
 * A monthly AWS bill, itemised, computed from the synthesised CloudFormation template (what is
 * billed by the resource: keys, alarm metrics, secrets, schedules, function memory) and a
 * scenario's traffic (what is billed by use), at the ca-central-1 list prices of
 * prices-ca-central-1.json with the always-free tiers applied.
 *
 *   npx tsx test/bench/cost-estimate.ts [--template cdk.out/ConsultancySite.template.json]
 *
 * Without --template it synthesises the stack in process from the infra tests' fixtures (the same
 * resources as a real synth, without building the website or bundling the handlers).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { markdownTable, type BudgetLine } from './report';

export interface Price {
  readonly usd: number;
  readonly unit: string;
  /** Units per month the always-free tier covers. */
  readonly free?: number;
  readonly source: string;
  /** The date the price was read at its source. */
  readonly read: string;
  /** What that reading verified: the page as stored and its words, or "not found: …" and what was searched. */
  readonly checked: string;
}
export type Prices = Readonly<Record<string, Price>>;

export interface Scenario {
  readonly name: string;
  /** Page views a month. */
  readonly views: number;
  /** Form submissions (scorecard requests, sign-ups, contact) a month. */
  readonly leads: number;
  /** Campaign emails a month: newsletters × recipients. */
  readonly campaignEmails: number;
}

export const SCENARIOS: readonly Scenario[] = [
  { name: 'Idle', views: 0, leads: 0, campaignEmails: 0 },
  {
    name: 'Realistic (10k views, 100 leads, one 500-recipient newsletter)',
    views: 10_000,
    leads: 100,
    campaignEmails: 500,
  },
  {
    name: 'Busy (200k views, 2,000 leads, four 10k newsletters)',
    views: 200_000,
    leads: 2_000,
    campaignEmails: 40_000,
  },
];

/** The idle budget of issue 21, with every alarm that matters kept. */
export const IDLE_BUDGET_USD = 2;

/**
 * What one unit of traffic costs in requests, the only assumptions here; each is an estimate
 * of this product's behaviour, not a measurement in AWS.
 */
const USE = {
  view: { cloudfrontRequests: 8, megabytes: 0.2, cloudfrontFunctions: 2 },
  /**
   * The site's visit counting, per page view (docs/decisions/0081-privacy-first-analytics.md): one
   * beacon (an API request, its function and the authorizer); its UpdateItem and the index's copy
   * (2 units), plus a visitor's first view of the day, about one view in 2.5, another 2 for its
   * client's count; the hourly roll-up's deletion of each raw record and its index entry, and its
   * query (half a unit a visit).
   */
  visitCounting: { apiRequests: 1, invocations: 2, writeUnits: 4.5, readUnits: 0.5 },
  lead: {
    apiRequests: 2, // the form, then the confirmation or download link
    invocations: 9, // 2 handlers + 2 authorizer + the mailer + 4 SES event deliveries
    writeUnits: 10,
    readUnits: 4,
    emails: 2, // the visitor's, the firm's notification
    snsPublishes: 4, // Send and Delivery of each email
  },
  campaignEmail: { invocations: 2.1, writeUnits: 3, readUnits: 2, sqsRequests: 3, snsPublishes: 2 },
  invocationSeconds: 0.15,
  logKilobytesPerInvocation: 1,
  /** SNS reuses a data key up to 5 minutes per publisher, 2 calls each (its key-management page's formula). */
  kmsCallsPerActiveTopic: ((30 * 24 * 3600) / 300) * 2,
  siteGigabytes: 0.1,
} as const;

interface Resource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
}

/** What the template bills by the resource. */
export interface Inventory {
  readonly kmsKeys: number;
  readonly alarmMetrics: number;
  readonly customMetrics: number;
  readonly secrets: number;
  readonly topics: number;
  /** Scheduled invocations a month (EventBridge rate rules; the rules themselves are free). */
  readonly scheduledInvocations: number;
  /** Mean memory of the Node.js functions, GB. */
  readonly functionGigabytes: number;
}

export function inventoryOf(template: { Resources: Record<string, Resource> }): Inventory {
  const resources = Object.values(template.Resources);
  const ofType = (type: string) => resources.filter((resource) => resource.Type === type);
  // An alarm on one metric is one alarm metric; a metric-math alarm is billed per metric it reads.
  const alarmMetrics = ofType('AWS::CloudWatch::Alarm').reduce((sum, alarm) => {
    const metrics = alarm.Properties?.Metrics as { MetricStat?: unknown }[] | undefined;
    return sum + (metrics ? metrics.filter((metric) => metric.MetricStat).length : 1);
  }, 0);
  const customMetrics = new Set(
    ofType('AWS::Logs::MetricFilter').flatMap((filter) =>
      (filter.Properties?.MetricTransformations as { MetricNamespace: unknown; MetricName: string }[]).map(
        (metric) => `${JSON.stringify(metric.MetricNamespace)}/${metric.MetricName}`,
      ),
    ),
  ).size;
  const scheduledInvocations = ofType('AWS::Events::Rule').reduce((sum, rule) => {
    const match = /^rate\((\d+) (minute|hour|day)s?\)$/.exec(String(rule.Properties?.ScheduleExpression ?? ''));
    const minutes = { minute: 1, hour: 60, day: 24 * 60 }[match?.[2] as 'minute' | 'hour' | 'day'];
    return sum + (match ? (30 * 24 * 60) / (Number(match[1]) * minutes) : 0);
  }, 0);
  const memories = ofType('AWS::Lambda::Function')
    .filter((fn) => String(fn.Properties?.Runtime ?? '').startsWith('nodejs'))
    .map((fn) => Number(fn.Properties?.MemorySize ?? 128));
  return {
    kmsKeys: ofType('AWS::KMS::Key').length,
    alarmMetrics,
    customMetrics,
    secrets: ofType('AWS::SecretsManager::Secret').length,
    topics: ofType('AWS::SNS::Topic').length,
    scheduledInvocations,
    functionGigabytes: memories.reduce((a, b) => a + b, 0) / Math.max(memories.length, 1) / 1024,
  };
}

export interface LineItem {
  readonly service: string;
  readonly what: string;
  readonly usd: number;
}

/**
 * The month's bill of one scenario, one line per billed dimension (zero lines included);
 * `visitCounting: false` leaves the site's visit counting out (its share: visitCountingShare).
 */
export function estimate(
  inventory: Inventory,
  prices: Prices,
  scenario: Scenario,
  { visitCounting = true }: { visitCounting?: boolean } = {},
): LineItem[] {
  const price = (key: string) => {
    const found = prices[key];
    if (!found) throw new Error(`prices: no "${key}"`);
    return found;
  };
  // Units past the free tier, times the price of `per` units.
  const billed = (key: string, units: number, per = 1) =>
    (Math.max(0, units - (price(key).free ?? 0)) / per) * price(key).usd;
  const { view, lead, campaignEmail } = USE;
  const { views, leads, campaignEmails } = scenario;
  const counted = visitCounting ? views : 0;
  const visits = USE.visitCounting;

  const invocations =
    inventory.scheduledInvocations +
    leads * lead.invocations +
    campaignEmails * campaignEmail.invocations +
    counted * visits.invocations;
  const gbSeconds = invocations * USE.invocationSeconds * inventory.functionGigabytes;
  const apiRequests = leads * lead.apiRequests + counted * visits.apiRequests;
  const emails = leads * lead.emails + campaignEmails;
  const publishes = leads * lead.snsPublishes + campaignEmails * campaignEmail.snsPublishes;
  const activeTopics = publishes > 0 ? 1 : 0;
  const kmsCalls = Math.min(publishes * 2, activeTopics * USE.kmsCallsPerActiveTopic);
  const writeUnits = leads * lead.writeUnits + campaignEmails * campaignEmail.writeUnits + counted * visits.writeUnits;
  // The mail sweep's query on each run reads at least one unit (the roll-up's too).
  const readUnits =
    inventory.scheduledInvocations +
    leads * lead.readUnits +
    campaignEmails * campaignEmail.readUnits +
    counted * visits.readUnits;
  const cloudfrontRequests = views * view.cloudfrontRequests + apiRequests;
  const logGigabytes = (invocations * USE.logKilobytesPerInvocation) / 1024 / 1024;

  return [
    {
      service: 'KMS',
      what: `${inventory.kmsKeys} customer managed key(s)`,
      usd: inventory.kmsKeys * price('kmsKeyMonth').usd,
    },
    {
      service: 'KMS',
      what: `${Math.round(kmsCalls)} requests (SNS data keys)`,
      usd: billed('kmsRequests10k', kmsCalls, 10_000),
    },
    {
      service: 'CloudWatch',
      what: `${inventory.alarmMetrics} alarm metrics`,
      usd: billed('alarmMetricMonth', inventory.alarmMetrics),
    },
    {
      service: 'CloudWatch',
      what: `${inventory.customMetrics} custom metrics (metric filters; billed only in a month something is logged)`,
      usd: billed('customMetricMonth', inventory.customMetrics),
    },
    {
      service: 'CloudWatch Logs',
      what: `${logGigabytes.toFixed(3)} GB ingested`,
      usd: billed('logsIngestGb', logGigabytes),
    },
    {
      service: 'Lambda',
      what: `${Math.round(invocations)} invocations, ${Math.round(gbSeconds)} GB-s (arm64)`,
      usd: billed('lambdaRequestsMillion', invocations, 1_000_000) + billed('lambdaArmGbSecond', gbSeconds),
    },
    {
      service: 'API Gateway',
      what: `${apiRequests} HTTP API requests`,
      usd: billed('httpApiMillion', apiRequests, 1_000_000),
    },
    {
      service: 'DynamoDB',
      what: `${writeUnits} write, ${readUnits} read request units (on-demand); storage within the free 25 GB`,
      usd: billed('dynamoWriteMillion', writeUnits, 1_000_000) + billed('dynamoReadMillion', readUnits, 1_000_000),
    },
    {
      service: 'CloudFront',
      what: `${cloudfrontRequests} requests, ${((views * view.megabytes) / 1024).toFixed(1)} GB, ${views * view.cloudfrontFunctions} function runs`,
      usd:
        billed('cloudfrontRequests10k', cloudfrontRequests, 10_000) +
        billed('cloudfrontGb', (views * view.megabytes) / 1024) +
        billed('cloudfrontFunctionsMillion', views * view.cloudfrontFunctions, 1_000_000),
    },
    {
      service: 'S3',
      what: `${USE.siteGigabytes} GB stored; CloudFront's cache hits most reads`,
      usd: USE.siteGigabytes * price('s3StorageGbMonth').usd + billed('s3Get1k', views, 1_000),
    },
    { service: 'SES', what: `${emails} emails`, usd: billed('ses1k', emails, 1_000) },
    {
      service: 'SNS',
      what: `${publishes} publishes (SES events)`,
      usd: billed('snsPublishMillion', publishes, 1_000_000),
    },
    {
      service: 'SQS',
      what: `${campaignEmails * campaignEmail.sqsRequests} requests (campaign queue)`,
      usd: billed('sqsMillion', campaignEmails * campaignEmail.sqsRequests, 1_000_000),
    },
    {
      service: 'Secrets Manager',
      what: `${inventory.secrets} secret(s) (origin verify)`,
      usd: inventory.secrets * price('secretMonth').usd + billed('secretCalls10k', apiRequests / 100, 10_000),
    },
    { service: 'EventBridge', what: `${inventory.scheduledInvocations} scheduled invocations (free)`, usd: 0 },
  ];
}

export const total = (items: readonly LineItem[]) => items.reduce((sum, item) => sum + item.usd, 0);

/** What the site's visit counting adds to a scenario's bill (the free tiers go to the rest first). */
export const visitCountingShare = (inventory: Inventory, prices: Prices, scenario: Scenario) =>
  total(estimate(inventory, prices, scenario)) - total(estimate(inventory, prices, scenario, { visitCounting: false }));

/** The visit counting's budget at the realistic traffic (issue 32). */
export const VISIT_COUNTING_BUDGET_USD = 0.5;
const usd = (value: number) => `$${value.toFixed(2)}`;

export interface CostReport {
  readonly markdown: string;
  readonly budget: BudgetLine;
  /** The visit counting's share at the realistic traffic, against VISIT_COUNTING_BUDGET_USD. */
  readonly visitCounting: BudgetLine;
  readonly totals: Record<string, number>;
}

/** The bench report's cost section: one table, a column per scenario, and the idle budget line. */
export function costReport(template: { Resources: Record<string, Resource> }, prices: Prices): CostReport {
  const inventory = inventoryOf(template);
  const bills = SCENARIOS.map((scenario) => estimate(inventory, prices, scenario));
  const rows = bills[0].map((item, row) => [
    item.service,
    bills[bills.length - 1][row].what,
    ...bills.map((bill) => usd(bill[row].usd)),
  ]);
  const totals = Object.fromEntries(SCENARIOS.map((scenario, i) => [scenario.name, total(bills[i])]));
  const idle = total(bills[0]);
  const shares = SCENARIOS.map((scenario) => visitCountingShare(inventory, prices, scenario));
  const realistic = shares[1]!;
  const sources = [...new Set(Object.values(prices).map((p) => (p.source ? `${p.source} (${p.read})` : '')))]
    .filter(Boolean)
    .join(', ');
  return {
    totals,
    budget: {
      what: 'AWS bill per month, idle (every alarm kept)',
      measured: `${usd(idle)} (the topic key rotates every 2,560 days; each of its first two rotations adds $1)`,
      budget: `≤ ${usd(IDLE_BUDGET_USD)}`,
      ok: idle <= IDLE_BUDGET_USD,
    },
    visitCounting: {
      what: "The site's visit counting's share of the monthly bill, realistic traffic",
      measured: `${usd(realistic)} (busy: ${usd(shares[2]!)})`,
      budget: `≤ ${usd(VISIT_COUNTING_BUDGET_USD)}`,
      ok: realistic <= VISIT_COUNTING_BUDGET_USD,
    },
    markdown: [
      markdownTable(
        ['Service', 'Quantity (busy)', ...SCENARIOS.map((scenario) => scenario.name)],
        [...rows, ['**Total**', '', ...bills.map((bill) => `**${usd(total(bill))}**`)]],
      ),
      '',
      `ca-central-1 list prices in USD with the always-free tiers (not new accounts' 12-month ones), from ` +
        `test/bench/prices-ca-central-1.json: ${sources}. Fixed items are counted in the synthesised ` +
        `template; traffic items use the per-view, per-lead and per-email assumptions of test/bench/cost-estimate.ts.`,
      '',
      `Of which the site's visit counting (a beacon per view, its writes and the hourly roll-up): ${SCENARIOS.map(
        (scenario, i) => `${scenario.name.split(' (')[0]} ${usd(shares[i]!)}`,
      ).join(', ')}.`,
    ].join('\n'),
  };
}

export function readPrices(file = path.join(__dirname, 'prices-ca-central-1.json')): Prices {
  const { _about: _, ...prices } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return prices as Prices;
}

/** The stack's template: a synthesised file, or the stack synthesised here from the infra fixtures. */
export async function loadTemplate(file?: string): Promise<{ Resources: Record<string, Resource> }> {
  if (file) return JSON.parse(readFileSync(file, 'utf8')) as { Resources: Record<string, Resource> };
  const { synthStack } = await import('../infra/support/app');
  return synthStack().template().toJSON() as { Resources: Record<string, Resource> };
}

if (require.main === module) {
  const { values } = parseArgs({ options: { template: { type: 'string' } } });
  loadTemplate(values.template)
    .then((template) => {
      const report = costReport(template, readPrices());
      const lines = [report.budget, report.visitCounting].map(
        (line) => `${line.what}: ${line.measured}, budget ${line.budget}: ${line.ok ? 'met' : 'NOT MET'}`,
      );
      console.log(`${report.markdown}\n\n${lines.join('\n')}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
