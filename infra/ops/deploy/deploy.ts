/**
 * `npm run deploy [-- <cdk deploy arguments>]`: builds the website for deployment and deploys
 * the whole stack in one `cdk deploy`, the first deploy included — the pages and the emails get
 * the real site URL at deploy time (docs/decisions/0010-site-url-from-distribution.md). Needs
 * AWS credentials for the account and a bootstrapped ca-central-1 (docs/operations.md, "Deploying").
 * Then asks the site's publisher for a run (`npm run campaign -- archive`): the newsletter
 * archive and the blog are rendered with the deployed build's template and render kit, and a new
 * stack's blog is seeded from web/content/posts and published.
 *
 * `npm run diff [-- <the same arguments>]` (this file with `--diff`): the same build and the same
 * app, context and stack, through `cdk diff`: what the deploy would change in the deployed
 * stack, read before every deploy after the first. It changes nothing.
 *
 * `-c stage=<stage>` picks the stack (infra/cdk/bin/stage.ts): `ConsultancySite` for prod (the
 * default), `ConsultancySite-<stage>` for another.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cdkPlan, deploySummary, OUTPUTS_FILE, stackOutputs, stageFlag } from './deploy-plan';
import { REPO_ROOT } from '#shared/repo-root.ts';

const bin = (name: string) => path.join(REPO_ROOT, 'node_modules', '.bin', name);

function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args[0]} failed (see above)`);
}

function main(): void {
  const [first, ...rest] = process.argv.slice(2);
  const verb = first === '--diff' ? 'diff' : 'deploy';
  const operatorArgs = verb === 'diff' ? rest : process.argv.slice(2);
  // cdk.json may set the stage too; a -c on the command line wins, as in cdk itself.
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  const { args, stage, stackName } = cdkPlan(verb, operatorArgs, cdkJson.context?.stage);
  // The deployable build: without SITE_URL, whatever the shell has set (npm start's localhost).
  const buildEnv = { ...process.env };
  delete buildEnv.SITE_URL;
  console.log('Building the website for deployment …');
  run(bin('tsx'), ['web/build/build.ts'], buildEnv);
  if (verb === 'diff') {
    console.log(`Comparing with the deployed ${stackName} (cdk ${args.join(' ')}) …`);
    run(bin('cdk'), args, process.env);
    return;
  }
  console.log(`Deploying ${stackName} (cdk ${args.join(' ')}) …`);
  run(bin('cdk'), args, process.env);
  const outputs = stackOutputs(readFileSync(path.join(REPO_ROOT, OUTPUTS_FILE), 'utf8'), stackName);
  // The newsletter archive and the blog are written by the site's publisher, not by this deploy
  // (0052, 0053), which neither uploads nor prunes their objects: a run brings their pages to the
  // deployed template and render kit, and gives a new environment its posts, lists and sitemaps.
  console.log('Updating the newsletter and blog pages …');
  const archive = [
    'infra/ops/commands/campaign.ts',
    'archive',
    '--target',
    'aws',
    ...stageFlag(stage).split(' ').filter(Boolean),
  ];
  const archived = spawnSync(bin('tsx'), archive, { cwd: REPO_ROOT, stdio: 'inherit', env: process.env });
  // The stack is deployed either way; the pages follow at the next change in the console.
  if (archived.status !== 0)
    console.warn(
      `The newsletter and blog pages were not updated: run \`npm run campaign -- archive --target aws${stageFlag(stage)}\`.`,
    );
  console.log(`\n${deploySummary(outputs, stage).join('\n')}`);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
