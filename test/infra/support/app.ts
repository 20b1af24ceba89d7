import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { addCompliancePacks } from '#infra/cdk/compliance.ts';
import { SiteStack, type SiteStackProps } from '#infra/cdk/constructs/site-stack.ts';
import { readRouteManifest } from '#infra/cdk/edge/edge-code.ts';
import { readCspHashes } from '#infra/cdk/site/security-headers.ts';

/** Fixtures: a tiny web build (with _routes.json) and a stand-in scorecard PDF. */
export const FIXTURE_WEB_DIST = path.join(__dirname, '..', 'fixtures', 'web-dist');
export const FIXTURE_SCORECARD = path.join(__dirname, '..', 'fixtures', 'scorecard', 'human-relations-scorecard.pdf');

/** Context every infra test uses: no bundling (handlers are not built in unit tests). */
export const TEST_CONTEXT = { 'aws:cdk:bundling-stacks': [] as string[] };

export const newTestApp = (context: Record<string, unknown> = {}) =>
  new App({ context: { ...TEST_CONTEXT, ...context } });

export const STACK_PROPS: SiteStackProps = {
  env: { region: 'ca-central-1', account: '111111111111' },
  senderEmail: 'hello@example.ca',
  notificationEmail: 'team@example.ca',
  opsEmail: 'ops@example.ca',
  owners: ['ann@example.ca', 'bob@example.ca'],
  mailingAddress: 'Suite 200, 123 8 Ave SW, Calgary, Alberta T2P 1B3',
  web: {
    distDir: FIXTURE_WEB_DIST,
    routes: readRouteManifest(FIXTURE_WEB_DIST),
    cspHashes: readCspHashes(FIXTURE_WEB_DIST),
  },
  scorecardDocumentFile: FIXTURE_SCORECARD,
};

/** The whole stack from fixtures, optionally with the cdk-nag packs registered. */
export function synthStack(overrides: Partial<SiteStackProps> = {}, options: { nag?: boolean } = {}) {
  const app = newTestApp();
  const stack = new SiteStack(app, 'TestSite', { ...STACK_PROPS, ...overrides });
  if (options.nag) addCompliancePacks(app);
  return { app, stack, template: () => Template.fromStack(stack) };
}

/** An empty stack in the product's region, for testing one construct at a time. */
export function newStack(context: Record<string, unknown> = {}) {
  const app = newTestApp(context);
  return new Stack(app, 'TestConstructs', { env: { region: 'ca-central-1', account: '111111111111' } });
}
