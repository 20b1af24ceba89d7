import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { addCompliancePacks, synthCompliant } from '../compliance';
import { SiteStack } from '../constructs/site-stack';
import { locateScorecardDocument, locateWebBuild, parseAppContext } from './app-inputs';
import { REGION, stackNameOf } from './stage';
import { REPO_ROOT } from '#shared/repo-root.ts';

/**
 * The CDK entry. The only place that reads context and the file system's inputs; everything
 * below takes typed props. No lookups: synth runs offline, without AWS credentials.
 */
const app = new App();
const context = parseAppContext((key) => app.node.tryGetContext(key));

// One stack per stage (context `stage`, default prod): `ConsultancySite` for prod, as it always was.
new SiteStack(app, stackNameOf(context.stage), {
  description: `Consultancy website, API, data and mail (${context.stage})`,
  // The region is part of the product (Canadian data residency); the account comes from the
  // CLI's credentials when there are any, and stays unresolved (env-agnostic) when there are none.
  env: { region: REGION, account: process.env.CDK_DEFAULT_ACCOUNT },
  web: locateWebBuild(path.join(REPO_ROOT, 'web', 'dist')),
  scorecardDocumentFile: locateScorecardDocument(path.join(REPO_ROOT, 'infra', 'cdk', 'assets', 'scorecard')),
  ...context,
});

addCompliancePacks(app);
// Synthesised here, not left to the CLI, so that any unacknowledged finding fails `cdk synth`
// and `cdk deploy` even when a validation plugin reports success.
synthCompliant(app);
