import {
  costReport,
  estimate,
  inventoryOf,
  readPrices,
  SCENARIOS,
  total,
  visitCountingShare,
} from '#test/bench/cost-estimate.ts';

const prices = readPrices();
const alarm = (metric: string) => ({ Type: 'AWS::CloudWatch::Alarm', Properties: { MetricName: metric } });
const template = {
  Resources: {
    Key: { Type: 'AWS::KMS::Key' },
    A1: alarm('5xx'),
    A2: alarm('Errors'),
    // A metric-math alarm is billed per metric it reads, not per expression.
    Math: {
      Type: 'AWS::CloudWatch::Alarm',
      Properties: {
        Metrics: [
          { Id: 'a', MetricStat: {} },
          { Id: 'b', MetricStat: {} },
          { Id: 'e', Expression: 'a-b' },
        ],
      },
    },
    Secret: { Type: 'AWS::SecretsManager::Secret' },
    Sweep: { Type: 'AWS::Events::Rule', Properties: { ScheduleExpression: 'rate(1 minute)' } },
    Fn: { Type: 'AWS::Lambda::Function', Properties: { Runtime: 'nodejs24.x', MemorySize: 1024 } },
    Filter1: {
      Type: 'AWS::Logs::MetricFilter',
      Properties: { MetricTransformations: [{ MetricNamespace: 'Site', MetricName: 'MailFinallyFailed' }] },
    },
    // A second filter feeding the same metric is no second metric.
    Filter2: {
      Type: 'AWS::Logs::MetricFilter',
      Properties: { MetricTransformations: [{ MetricNamespace: 'Site', MetricName: 'MailFinallyFailed' }] },
    },
  },
};

describe('cost estimate', () => {
  it('counts what the template bills by the resource', () => {
    expect(inventoryOf(template)).toEqual({
      kmsKeys: 1,
      alarmMetrics: 4,
      customMetrics: 1,
      secrets: 1,
      topics: 0,
      scheduledInvocations: 43_200,
      functionGigabytes: 1,
    });
  });

  it('bills an idle month for the key, the secret, the sweep and the stored site, when the alarms fit the free ten', () => {
    const idle = estimate(inventoryOf(template), prices, SCENARIOS[0]);
    const billed = idle.filter((item) => item.usd > 0).map((item) => [item.service, item.usd]);
    expect(billed).toEqual([
      ['KMS', 1],
      // The sweep's 43,200 one-unit reads a month.
      ['DynamoDB', expect.closeTo((43_200 / 1_000_000) * 0.1375, 6)],
      ['S3', expect.closeTo(0.1 * 0.025, 6)],
      ['Secrets Manager', 0.4],
    ]);
  });

  it('bills each alarm metric past the first ten at $0.10', () => {
    const many = { Resources: Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`A${i}`, alarm('Errors')])) };
    const cloudwatch = estimate(inventoryOf(many), prices, SCENARIOS[0]).find((item) =>
      item.what.includes('alarm metrics'),
    );
    expect(cloudwatch?.usd).toBeCloseTo(0.3, 6);
  });

  it('bills SES per email from the first one (no always-free tier), 4,000 lead emails and 40,000 campaign emails', () => {
    const busy = estimate(inventoryOf(template), prices, SCENARIOS[2]);
    const ses = busy.find((item) => item.service === 'SES');
    expect(ses).toEqual({ service: 'SES', what: '44000 emails', usd: expect.closeTo(4.4, 6) });
    expect(total(busy)).toBeGreaterThan(total(estimate(inventoryOf(template), prices, SCENARIOS[1])));
  });

  it('fails the idle budget line over $2 and says so', () => {
    const expensive = {
      Resources: { ...template.Resources, K2: { Type: 'AWS::KMS::Key' }, K3: { Type: 'AWS::KMS::Key' } },
    };
    expect(costReport(template, prices).budget.ok).toBe(true);
    expect(costReport(expensive, prices).budget).toMatchObject({
      ok: false,
      measured: expect.stringMatching(/^\$3\.4\d/),
    });
  });

  it("bills the site's visit counting per view: a beacon's API request and its writes, within $0.50 at realistic traffic", () => {
    const inventory = inventoryOf(template);
    const [idle, realistic, busy] = SCENARIOS.map((scenario) => visitCountingShare(inventory, prices, scenario));
    // 10k views: 10k API requests ($1.10 a million), 45k write units ($0.6875 a million), 5k read
    // units ($0.1375 a million) and the authorizer's secret reads (one per 100 requests, $0.05 per 10k).
    expect(realistic).toBeCloseTo(0.011 + 0.0309375 + 0.0006875 + 0.0005, 6);
    expect(idle).toBe(0);
    expect(busy).toBeGreaterThan(realistic);
    expect(costReport(template, prices).visitCounting).toMatchObject({ ok: true, budget: '≤ $0.50' });
  });

  it('counts an hourly roll-up as 720 scheduled runs a month', () => {
    const hourly = {
      Resources: { Rollup: { Type: 'AWS::Events::Rule', Properties: { ScheduleExpression: 'rate(1 hour)' } } },
    };
    expect(inventoryOf(hourly).scheduledInvocations).toBe(720);
  });

  it('names the source, date and verification of every price', () => {
    for (const [key, price] of Object.entries(prices)) {
      expect([key, price.source]).toEqual([key, expect.stringMatching(/^https:\/\/aws\.amazon\.com\/.+\/pricing\//)]);
      expect([key, price.read]).toEqual([key, expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);
      // What the reading verified, or that it found nothing: a price never reads as checked when it was not.
      expect([key, price.checked]).toEqual([
        key,
        expect.stringMatching(/^(https?:\/\/\S+.*as stored, \d{4}-\d{2}-\d{2}|not found: .+)/),
      ]);
    }
  });
});
