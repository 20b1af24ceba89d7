/**
 * The synthesized template the twin enforces, made by synth-template.ts and kept under .local/ by
 * a hash of everything a role can depend on (the constructs, the app's entry and context, the
 * shared modules, aws-cdk-lib's version): a change to any grant synthesizes anew at the next start,
 * and an unchanged tree starts without the 5–10 s of a synth.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '#shared/repo-root.ts';

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
}
export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
}

/** What a role can depend on, relative to the repository. */
const INPUTS = [
  'infra/cdk/constructs',
  'infra/cdk/bin',
  'infra/local/functions/iam/synth-template.ts',
  'infra/local/functions/iam/local-arns.ts',
  'shared',
  'cdk.json',
  'node_modules/aws-cdk-lib/package.json',
];

const filesUnder = (absolute: string): string[] =>
  statSync(absolute).isDirectory()
    ? readdirSync(absolute)
        .sort()
        .flatMap((name) => filesUnder(path.join(absolute, name)))
    : [absolute];

const inputsHash = () => {
  const hash = createHash('sha256');
  for (const input of INPUTS)
    for (const file of filesUnder(path.join(REPO_ROOT, input))) {
      hash.update(path.relative(REPO_ROOT, file));
      hash.update(readFileSync(file));
    }
  return hash.digest('hex').slice(0, 16);
};

/**
 * The synthesized template of the deployed stack, synthesized now if the tree changed since the
 * last one; LOCAL_IAM_TEMPLATE names a template file to enforce instead (a test that takes one
 * grant away to see the flow that needs it fail).
 */
export function synthesizedTemplate(): CfnTemplate {
  const chosen = process.env.LOCAL_IAM_TEMPLATE;
  if (chosen) return JSON.parse(readFileSync(chosen, 'utf8')) as CfnTemplate;
  const dir = path.join(REPO_ROOT, '.local', 'iam');
  const file = path.join(dir, `template-${inputsHash()}.json`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Written beside and renamed: two stacks starting at once never read half a file.
    const partial = `${file}.${process.pid}.partial`;
    const synth = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'infra/local/functions/iam/synth-template.ts'), partial],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    if (synth.status !== 0)
      throw new Error(
        `The stack could not be synthesized for the twin's IAM policies:\n${synth.stderr || synth.stdout}`,
      );
    renameSync(partial, file);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as CfnTemplate;
}
