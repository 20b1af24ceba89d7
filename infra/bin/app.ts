import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { addCompliancePacks, synthCompliant } from '../compliance';
import { SiteStack } from '../constructs/site-stack';
import { locateScorecardDocument, locateWebBuild, parseAppContext } from './app-inputs';
import { REPO_ROOT } from '#shared/repo-root.ts';

/**
 * The CDK entry. The only place that reads context and the file system's inputs; everything
 * below takes typed props. No lookups: synth runs offline, without AWS credentials.
 */
const app = new App();
const context = parseAppContext((key) => app.node.tryGetContext(key));

new SiteStack(app, 'ConsultancySite', {
  description: 'Consultancy website, API, data and mail',
  // The region is part of the product (Canadian data residency); the account comes from the
  // CLI's credentials when there are any, and stays unresolved (env-agnostic) when there are none.
  env: { region: 'ca-central-1', account: process.env.CDK_DEFAULT_ACCOUNT },
  web: locateWebBuild(path.join(REPO_ROOT, 'web', 'dist')),
  scorecardDocumentFile: locateScorecardDocument(path.join(REPO_ROOT, 'infra', 'assets', 'scorecard')),
  ...context,
});

addCompliancePacks(app);
// Synthesised here, not left to the CLI, so that any unacknowledged finding fails `cdk synth`
// and `cdk deploy` even when a validation plugin reports success.
synthCompliant(app);
