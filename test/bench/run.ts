/**
 * `npm run bench`: measures the product against the budgets of the issues and writes
 * test/bench/report/report.md and report.json. A script, not a test: it reports figures and
 * marks each budget met or not; it fails only when it cannot measure.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { apiPath, emailPagePath, unsubscribePagePath } from '#shared/paths.ts';
import { SUBSCRIBERS_TABLE } from '#infra/cdk/constructs/table-definitions.ts';
import { playwrightLaunchOptions, resolveChromium } from '../support/chromium';
import { LIMITS_LIFTED, startLocalStack } from '../support/local-stack';
import { load, loadInTurns, startFloorServer, type LatencyResult } from './api-latency';
import { measureConsoleLatency } from './console-latency';
import { CONSOLE_TTI_BUDGET_MS, measureConsoleScreens } from './console-lighthouse';
import { scriptsWithFormCode } from './form-code';
import { bundleBudgetOf, loadBudgetOf, measureLambdaBundles } from './lambda-bundles';
import {
  FLOOR_COLUMNS,
  floorRows,
  LIGHTHOUSE_BUDGET,
  runLighthouseAgainstFloor,
  runLighthouseMedian,
  runMeetsBudget,
  type FloorComparison,
  type LighthouseResult,
} from './lighthouse';
import { startPageAndFloorServers } from './static-floor';
import { startDynamoProcess } from './dynamodb-process';
import { budgetSection, kb, markdownTable, type BudgetLine } from './report';
import { campaignBudgets, measureCampaignSend } from './campaign-send';
import { consoleCampaignBudgets, measureConsoleCampaignSend } from './console-campaign-send';
import { iamOverheadBudgets, measureIamOverhead } from './iam-overhead';
import { dynamoBlip, sesDoubt, sesOutage } from './reliability';
import { subscribeViaApi } from '../e2e/support/subscribers';
import { signupBody } from '#test/support/payloads.ts';
import { readSeedPosts } from '#web/build/blog-content.ts';
import { BLOG_AT_SCALE_POSTS, manyPosts, siteWithBlog } from './published-blog';
import { measureRouteBytes } from './route-bytes';
import { publishBenchIssue } from './newsletter-archive-pages';
import { BLOG_PUBLISH_BUDGET_MS, measureBlogPublish } from './blog-publish';
import { costReport, loadTemplate, readPrices } from './cost-estimate';
import { measureVisitLatency, visitLatencyBudget } from './visit-latency';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const DIST = path.join(REPO_ROOT, 'web', 'dist');
const REPORT_DIR = path.join(__dirname, 'report');
const FORM_ROUTES = new Set(['/candidate', '/contact', '/employer/form']);
/** Loads per function (and per floor, interleaved): a median of 15 or 30 moved by up to 0.1× between runs. */
const BUNDLE_LOAD_RUNS = 40;

async function main() {
  mkdirSync(REPORT_DIR, { recursive: true });
  // First, on a machine with nothing else running: the loads are timed in fresh processes, and the
  // local stack's emulators and timers would share the cores with them.
  console.log('Lambda bundles …');
  const bundles = await measureLambdaBundles(BUNDLE_LOAD_RUNS);
  console.log('Starting the local stack (builds the site) …');
  const dynamo = await startDynamoProcess();
  // Every request comes from this one client: the per-client and form-mail limits would refuse the load runs.
  const stack = await startLocalStack([], { env: { ...LIMITS_LIFTED, AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint } });
  Object.assign(process.env, { E2E_BASE_URL: stack.baseUrl, E2E_INBOX_URL: stack.inboxUrl });
  try {
    // A confirmed subscriber, made as a visitor becomes one (sign-up, confirmation, welcome).
    const { id, unsubscribeToken, preferencesToken } = await subscribeViaApi('candidate', 'bench');
    // The build's pages, /blog among them, and the repository's posts as the site's publisher leaves
    // them: on the stack (it seeds and publishes at start) and, for Lighthouse, in a copy of the build.
    const published = siteWithBlog(DIST, await readSeedPosts());
    const pages = [
      ...(JSON.parse(readFileSync(path.join(DIST, '_routes.json'), 'utf8')) as { pages: string[] }).pages,
      ...published.postPaths,
    ];
    // Opened as the welcome email's links open them: each page with the token made for it.
    const unsubscribePage = unsubscribePagePath('candidate', unsubscribeToken, preferencesToken);
    const subscriberPages = [unsubscribePage, emailPagePath('settings', 'candidate', preferencesToken)];

    const browserUsed = await resolveChromium();
    console.log(`Browser: ${browserUsed.executablePath} (${browserUsed.source})`);
    console.log(`Measuring bytes on ${pages.length + subscriberPages.length} routes …`);
    const browser = await chromium.launch(await playwrightLaunchOptions());
    const bytes = await measureRouteBytes(browser, stack.baseUrl, [...pages, ...subscriberPages]);
    await browser.close();
    const formCode = await Promise.all(
      bytes.map(async (route) => ({ path: route.path, files: await scriptsWithFormCode(DIST, route.js.files) })),
    );

    // Every landing route (each page of _routes.json and each post; LIGHTHOUSE_ROUTES, comma-separated,
    // picks some) in 5 runs against its static floor, page and floor served alike (static-floor.ts).
    const landingRoutes = process.env.LIGHTHOUSE_ROUTES?.split(',') ?? pages;
    const floorServers = await startPageAndFloorServers(published.dir, published.routes);
    const landing: FloorComparison[] = [];
    try {
      for (const route of landingRoutes) {
        console.log(`Lighthouse ${route} and its static floor, 5 runs …`);
        landing.push(await runLighthouseAgainstFloor(floorServers.pageUrl, floorServers.floorUrl, route));
      }
    } finally {
      await floorServers.close();
    }
    // /blog with BLOG_AT_SCALE_POSTS posts (issue 31): the same build, its blog rendered by the
    // publisher's renderer from that many posts, against its own floor.
    const scale = siteWithBlog(DIST, await manyPosts(BLOG_AT_SCALE_POSTS));
    const scaleServers = await startPageAndFloorServers(scale.dir, scale.routes);
    try {
      console.log(`Lighthouse /blog with ${BLOG_AT_SCALE_POSTS} posts and its static floor, 5 runs …`);
      const blog = await runLighthouseAgainstFloor(scaleServers.pageUrl, scaleServers.floorUrl, '/blog');
      landing.push({ ...blog, path: `/blog with ${BLOG_AT_SCALE_POSTS} posts` });
    } finally {
      await scaleServers.close();
    }
    // The subscriber pages need the API, the newsletter archive's pages its publisher (written
    // after the build): measured on the local stack (median of 5, no floor).
    const archivePages = await publishBenchIssue(stack);
    const lighthouse: LighthouseResult[] = [];
    for (const route of [unsubscribePage, ...archivePages]) {
      console.log(`Lighthouse ${route} …`);
      lighthouse.push(await runLighthouseMedian(stack.baseUrl, route));
    }

    const consoleScreens = await measureConsoleScreens(stack);
    console.log('A post published from the console, until its path answers, 5 runs …');
    const blogPublish = await measureBlogPublish(stack);

    console.log('API latency …');
    const floorPort = 40000 + Math.floor(Math.random() * 20000);
    const stopFloor = await startFloorServer('floor-server.ts', [
      stack.functionsDynamoUrl,
      SUBSCRIBERS_TABLE.logicalName,
      String(floorPort),
    ]);
    // The preferences page's calls: its token is the one that may read and change them.
    const subscriberUrl = new URL(
      apiPath('getSubscriber', { audience: 'candidate', id: preferencesToken }),
      stack.baseUrl,
    ).href;
    const preference = JSON.stringify({
      email: 'x@example.ca',
      firstName: 'Bench',
      lastName: 'Mark',
      helpDescription: '',
      signupMe: false,
      emailSetting: [true, false, true],
      unsubscribeAllEmail: [false],
      updatedAt: Math.floor(Date.now() / 1000),
    });
    const latency: LatencyResult[] = [];
    latency.push(
      ...(await loadInTurns(
        { name: 'Floor: bare Node + GetItem', url: `http://127.0.0.1:${floorPort}/${id}` },
        { name: 'GET subscriber', url: subscriberUrl },
      )),
    );
    latency.push(
      await load({ name: 'PUT subscriber (preferences)', url: subscriberUrl, method: 'PUT', body: () => preference }),
    );
    latency.push(
      await load({
        name: 'POST sign-up',
        url: new URL(apiPath('signup'), stack.baseUrl).href,
        method: 'POST',
        amount: 500,
        body: (i) =>
          JSON.stringify(
            signupBody({ email: `load.${Date.now()}.${i}@example.ca`, firstName: 'Load', audience: 'employer' }),
          ),
      }),
    );
    stopFloor();
    const [consoleFloor, consoleAudit] = await measureConsoleLatency(stack);
    latency.push(consoleFloor, consoleAudit);
    const visitLatency = await measureVisitLatency(stack);
    latency.push(...visitLatency);
    // Its own stack, so its 2,000 subscribers and emails stay out of the other figures.
    const campaign = await measureCampaignSend();
    // The same from the console, on a stack of its own too.
    const consoleCampaign = await measureConsoleCampaignSend();
    console.log('IAM enforcement overhead (stacks with and without it) …');
    const iamOverhead = await measureIamOverhead();
    // Each on its own stack with the fault switch (test/bench/reliability.ts).
    const reliability = [...(await sesOutage()), ...(await dynamoBlip()), ...(await sesDoubt())];
    console.log('Monthly AWS cost from the synthesised template …');
    const cost = costReport(await loadTemplate(), readPrices());

    const home = bytes.find((b) => b.path === '/')!;
    const floor = latency[0];
    const get = latency[1];
    const budgets: BudgetLine[] = [
      ...landing.map(({ path: route, runs }) => {
        const failed = runs.filter((run) => !runMeetsBudget(run));
        const worst = Math.max(...runs.map((run) => run.lcpRatio));
        const maxTbt = Math.max(...runs.map((run) => run.page.tbtMs));
        const scores = [
          ...new Set(
            runs.map(({ page: { scores: s } }) => `${s.performance}/${s.accessibility}/${s.bestPractices}/${s.seo}`),
          ),
        ].join(', ');
        return {
          what: `Lighthouse mobile ${route} (5 runs)`,
          measured: `${scores}; TBT ≤ ${maxTbt} ms; LCP ≤ ${worst.toFixed(2)}× floor${failed.length ? `; ${failed.length} run(s) over` : ''}`,
          budget: `100/100/100/100, TBT ≤ ${LIGHTHOUSE_BUDGET.tbtMs} ms, LCP ≤ ${LIGHTHOUSE_BUDGET.lcpRatio}× floor, every run`,
          ok: failed.length === 0,
        };
      }),
      ...lighthouse.map((l) => {
        const seoExempt = l.noindex;
        const ok =
          l.scores.performance === 100 &&
          l.scores.accessibility === 100 &&
          l.scores.bestPractices === 100 &&
          (seoExempt || l.scores.seo === 100);
        return {
          what: `Lighthouse mobile ${l.path}`,
          measured: `${l.scores.performance}/${l.scores.accessibility}/${l.scores.bestPractices}/${l.scores.seo}${seoExempt ? ' (noindex: SEO exempt)' : ''}`,
          budget: '100/100/100/100',
          ok,
        };
      }),
      ...consoleScreens.map((screen) => ({
        what: `Console ${screen.path}: interactive (Lighthouse mobile, median of 3)`,
        measured: `${screen.ttiMs} ms; accessibility ${screen.scores.accessibility}`,
        budget: `≤ ${CONSOLE_TTI_BUDGET_MS} ms`,
        ok: screen.ttiMs <= CONSOLE_TTI_BUDGET_MS,
      })),
      {
        what: 'Locally, a post published in the console is served at its path (5 runs)',
        measured: `${blogPublish.join(', ')} ms`,
        budget: `≤ ${BLOG_PUBLISH_BUDGET_MS} ms, every run`,
        ok: Math.max(...blogPublish) <= BLOG_PUBLISH_BUDGET_MS,
      },
      {
        what: 'Home page JavaScript (gzip)',
        measured: kb(home.js.gzip),
        budget: '≤ 110 KiB',
        ok: home.js.gzip <= 110 * 1024,
      },
      ...(() => {
        const offenders = formCode.filter(
          (f) => !FORM_ROUTES.has(f.path) && !/unsubscribe|setting/.test(f.path) && f.files.length > 0,
        );
        return [
          {
            what: 'No form libraries on pages without forms',
            measured: offenders.length ? offenders.map((o) => o.path).join(', ') : 'none loaded',
            budget: 'none',
            ok: offenders.length === 0,
          },
        ];
      })(),
      (() => {
        const worst = bytes.reduce((a, b) => (b.css.gzip > a.css.gzip ? b : a));
        return {
          what: 'CSS per page (gzip, largest)',
          measured: `${kb(worst.css.gzip)} (${worst.path})`,
          budget: '≤ 30 KiB',
          ok: worst.css.gzip <= 30 * 1024,
        };
      })(),
      // The budgets are for the API handlers; the stream, queue, SNS and asynchronous functions are reported.
      ...bundles.map((b) => {
        const sizeBudget = bundleBudgetOf(b.name);
        const loadBudget = loadBudgetOf(b.name);
        const sizeOk = sizeBudget === undefined || b.startBytes <= sizeBudget;
        return {
          what: `Lambda ${b.name}: ${sizeBudget ? 'read at start / ' : ''}load`,
          measured:
            `${sizeBudget ? `${kb(b.startBytes)} / ` : ''}${b.loadMs.toFixed(1)} ms = ${b.ratio.toFixed(2)}× its SDK floor ` +
            `(${b.startSdkClients.join(' + ') || 'no SDK client: bare Node'}: ${b.floorMs.toFixed(1)} ms)` +
            (b.ratio === b.dynamoRatio ? '' : `; ${b.dynamoRatio.toFixed(2)}× the DynamoDB-only floor`),
          budget:
            loadBudget === undefined
              ? 'reported (no request waits on its start)'
              : `${sizeBudget ? `≤ ${kb(sizeBudget)} / ` : ''}≤ ${loadBudget}× floor`,
          ok: sizeOk && (loadBudget === undefined || b.ratio <= loadBudget),
        };
      }),
      {
        what: 'API GET subscriber p50 vs floor',
        measured: `${get.p50Ms} ms vs ${floor.p50Ms} ms = ${(get.p50Ms / Math.max(floor.p50Ms, 0.001)).toFixed(2)}×`,
        budget: '≤ 1.3×',
        ok: get.p50Ms <= 1.3 * floor.p50Ms,
      },
      {
        what: 'Console API GET audit log p50 vs its DynamoDB floor',
        measured: `${consoleAudit.p50Ms} ms vs ${consoleFloor.p50Ms} ms = ${(consoleAudit.p50Ms / Math.max(consoleFloor.p50Ms, 0.001)).toFixed(2)}×`,
        budget: '≤ 1.3×',
        ok: consoleAudit.p50Ms <= 1.3 * consoleFloor.p50Ms,
      },
      visitLatencyBudget(visitLatency),
      ...campaignBudgets(campaign),
      ...consoleCampaignBudgets(consoleCampaign),
      ...iamOverheadBudgets(iamOverhead),
      ...reliability,
      cost.budget,
      cost.visitCounting,
      {
        what: 'API errors under load',
        measured: String(latency.reduce((n, l) => n + l.errors + l.non2xx, 0)),
        budget: '0',
        ok: latency.every((l) => l.errors + l.non2xx === 0),
      },
    ];

    const report = [
      `# Benchmark report`,
      ``,
      `Run ${new Date().toISOString()} on ${process.platform}/${process.arch}, Node ${process.version}, local stack (production caching and compression headers).`,
      ``,
      `## Budgets`,
      budgetSection(budgets),
      ``,
      `## Bytes loaded per route`,
      markdownTable(
        ['Route', 'HTML gzip', 'JS raw', 'JS gzip', 'CSS raw', 'CSS gzip', 'Data gzip', 'Form code'],
        bytes.map((b, i) => [
          b.path,
          kb(b.html.gzip),
          kb(b.js.raw),
          kb(b.js.gzip),
          kb(b.css.raw),
          kb(b.css.gzip),
          kb(b.data.gzip),
          formCode[i].files.length ? 'yes' : 'no',
        ]),
      ),
      ``,
      `## Lighthouse (mobile, simulated), every run: each landing route, then its static floor (same HTML, no script, stylesheet inlined)`,
      markdownTable(FLOOR_COLUMNS, floorRows(landing)),
      ``,
      `## Lighthouse, subscriber and newsletter archive pages (mobile, median of 5 runs by LCP)`,
      markdownTable(
        ['Route', 'Perf', 'A11y', 'Best practices', 'SEO', 'LCP', 'TBT', 'CLS'],
        lighthouse.map((l) => [
          l.path,
          l.scores.performance,
          l.scores.accessibility,
          l.scores.bestPractices,
          l.scores.seo,
          `${l.lcpMs} ms`,
          `${l.tbtMs} ms`,
          l.cls,
        ]),
      ),
      ``,
      `## Lambda bundles (module load in a fresh Node process, median; SDK floor = a bundle that only constructs the SDK clients the handler's start loads; DynamoDB floor = only the DynamoDB client)`,
      markdownTable(
        [
          'Handler',
          'Minified (all files)',
          'Gzip',
          'Read at start',
          'Load',
          'SDK clients at start',
          'SDK floor',
          'vs SDK floor',
          'vs DynamoDB floor',
          'Empty Node',
          'vs empty',
          'SES client',
        ],
        bundles.map((b) => [
          b.name,
          kb(b.bytes),
          kb(b.gzipBytes),
          kb(b.startBytes),
          `${b.loadMs.toFixed(1)} ms`,
          b.startSdkClients.join(' '),
          `${b.floorMs.toFixed(1)} ms`,
          `${b.ratio.toFixed(2)}×`,
          `${b.dynamoRatio.toFixed(2)}× (${b.dynamoFloorMs.toFixed(1)} ms)`,
          `${b.emptyNodeMs.toFixed(1)} ms`,
          `${b.emptyRatio.toFixed(2)}×`,
          b.bundlesSesClient ? 'yes' : 'no',
        ]),
      ),
      ``,
      `## Monthly AWS cost, itemised (ca-central-1)`,
      cost.markdown,
      ``,
      `## API latency (autocannon, local stack)`,
      markdownTable(
        ['Endpoint', 'Requests', 'Errors', 'Non-2xx', 'p50', 'p99', 'req/s'],
        latency.map((l) => [
          l.name,
          l.requests,
          l.errors,
          l.non2xx,
          `${l.p50Ms} ms`,
          `${l.p99Ms} ms`,
          l.requestsPerSecond,
        ]),
      ),
      ``,
    ].join('\n');
    writeFileSync(path.join(REPORT_DIR, 'report.md'), report);
    writeFileSync(
      path.join(REPORT_DIR, 'report.json'),
      JSON.stringify(
        {
          budgets,
          bytes,
          landing,
          lighthouse,
          consoleScreens,
          bundles,
          latency,
          campaign,
          consoleCampaign,
          iamOverhead,
          cost: cost.totals,
        },
        null,
        2,
      ),
    );
    console.log(`\n${budgetSection(budgets)}\n\nReport: ${path.relative(REPO_ROOT, REPORT_DIR)}/report.md`);
  } finally {
    stack.stop();
    dynamo.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
