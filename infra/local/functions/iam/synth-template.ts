/**
 * Synthesizes the deployed app's stack for the local twin's IAM enforcement (docs/decisions/0041-iam-enforced-twin.md):
 * the same SiteStack construct and the same cdk.json context as `npm run deploy`, with the twin's
 * own sender, owners and postal address, in a fixed local account, without bundling or the
 * compliance packs (neither changes a role). The website is a one-page stand-in: no page changes
 * a function's grants. Run as a child process (`node --import tsx synth-template.ts <out.json>`),
 * so aws-cdk-lib never loads into the stack's own process.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { parseAppContext } from '#infra/cdk/bin/app-inputs.ts';
import { SiteStack } from '#infra/cdk/constructs/site-stack.ts';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { LOCAL_ACCOUNT, LOCAL_REGION } from './local-arns';

const out = process.argv[2];
if (!out) throw new Error('usage: synth-template.ts <out.json>');

const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};
const context: Record<string, unknown> = {
  ...cdkJson.context,
  // The firm fills in its postal address before a deploy; it is only a variable of some
  // functions, never part of a grant, so any well-formed address stands in for it here.
  mailingAddress: 'Suite 100, 1 Stand-in Ave SW, Calgary, Alberta T2P 0A1',
  'aws:cdk:bundling-stacks': [],
  // Each resource's construct path, by which the twin knows the tables (function-roles.ts).
  'aws:cdk:enable-path-metadata': true,
};
const app = new App({ context, outdir: mkdtempSync(path.join(tmpdir(), 'twin-synth-')) });
const web = mkdtempSync(path.join(tmpdir(), 'twin-web-'));
writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>stand-in</title>');
const stack = new SiteStack(app, 'ConsultancySite', {
  env: { region: LOCAL_REGION, account: LOCAL_ACCOUNT },
  web: { distDir: web, routes: ['/'], cspHashes: { styles: [], scripts: [] } },
  scorecardDocumentFile: path.join(REPO_ROOT, 'infra', 'cdk', 'assets', 'scorecard', 'human-relations-scorecard.pdf'),
  ...parseAppContext((key) => app.node.tryGetContext(key)),
});
const assembly = app.synth();
writeFileSync(out, JSON.stringify(assembly.getStackArtifact(stack.artifactId).template));
