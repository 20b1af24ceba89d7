/**
 * The pure parts of `npm run deploy` and `npm run diff` (infra/ops/deploy/deploy.ts): what to run and
 * what to print. Kept free of I/O so the tests can check them without AWS.
 */
import { DEFAULT_STAGE, parseStage, stackNameOf } from '../../cdk/bin/stage';

/** The prod stack of the app (infra/cdk/bin/app.ts), the one deployed without `-c stage=…`. */
export const STACK_NAME = stackNameOf(DEFAULT_STAGE);

/** Where `cdk deploy --outputs-file` writes the stack outputs. */
export const OUTPUTS_FILE = 'cdk.out/deploy-outputs.json';

/** What `npm run deploy` and `npm run diff` pass to cdk: its verb, the stack, then the operator's arguments. */
export interface CdkPlan {
  readonly args: string[];
  readonly stage: string;
  readonly stackName: string;
}

/** The context values the operator set (`-c key=value`, `--context key=value`, `--context=key=value`). */
function contextValues(operatorArgs: readonly string[]): Map<string, string> {
  const values = new Map<string, string>();
  operatorArgs.forEach((arg, i) => {
    const pair = ['-c', '--context'].includes(operatorArgs[i - 1] ?? '')
      ? arg
      : /^(?:--context|-c)=(.*)$/.exec(arg)?.[1];
    const match = pair === undefined ? null : /^([^=]+)=(.*)$/.exec(pair);
    if (match) values.set(match[1], match[2]);
  });
  return values;
}

/**
 * The cdk command line of a deploy (`deploy <stack> --outputs-file …`) or of its preview
 * (`diff <stack>`): the stack of the stage the operator's `-c stage=…` names, else cdk.json's
 * `stage` (`configuredStage`), else prod; then the operator's own arguments (`-c key=value`,
 * `--profile`, `--require-approval never`) passed through as given, so the diff synthesises
 * exactly what the deploy would. `siteUrl` is refused here already, with the same reason synth gives.
 */
export function cdkPlan(verb: 'deploy' | 'diff', operatorArgs: readonly string[], configuredStage?: unknown): CdkPlan {
  const context = contextValues(operatorArgs);
  if (context.has('siteUrl')) {
    throw new Error(
      "Do not pass -c siteUrl=...: the site URL is the custom domain (-c domainName=...) or the distribution's own domain.",
    );
  }
  const stage = parseStage(context.get('stage') ?? configuredStage);
  const stackName = stackNameOf(stage);
  const cdkArgs = verb === 'deploy' ? ['deploy', stackName, '--outputs-file', OUTPUTS_FILE] : ['diff', stackName];
  return { args: [...cdkArgs, ...operatorArgs], stage, stackName };
}

/** The outputs of our stack in the file `cdk deploy --outputs-file` writes ({ stack: { key: value } }). */
export function stackOutputs(outputsFileText: string, stackName = STACK_NAME): Record<string, string> {
  const outputs = (JSON.parse(outputsFileText) as Record<string, Record<string, string> | undefined>)[stackName];
  if (!outputs?.SiteUrl || !outputs.DistributionDomainName) {
    throw new Error(`${OUTPUTS_FILE} has no SiteUrl/DistributionDomainName outputs for ${stackName}`);
  }
  return outputs;
}

/** The flag the operator commands take for a stage other than prod (none for prod). */
export const stageFlag = (stage: string) => (stage === DEFAULT_STAGE ? '' : ` --stage ${stage}`);

/** What the operator reads after a deploy: the site, what is left to do by hand, the proof. */
export function deploySummary(outputs: Record<string, string>, stage = DEFAULT_STAGE): string[] {
  const siteUrl = outputs.SiteUrl;
  const distribution = outputs.DistributionDomainName;
  const dkim = Object.keys(outputs)
    .filter((key) => /DkimRecord\d/.test(key))
    .sort()
    .map((key) => `    ${outputs[key]}`);
  const lines = [`Deployed ${stackNameOf(stage)}.`, `  Site:         ${siteUrl}`, `  Distribution: ${distribution}`];
  if (siteUrl !== `https://${distribution}`) {
    lines.push(`  DNS: point ${new URL(siteUrl).hostname} at ${distribution} (CNAME, or an alias record in Route 53).`);
  }
  if (dkim.length > 0)
    lines.push(
      '  DKIM: publish these CNAME records for the sender domain (SES verifies it once they resolve):',
      ...dkim,
    );
  lines.push(
    '  SES: confirm the verification email if the sender is an address, and make sure the account has production access.',
    '  Alarms: confirm the SNS subscription email sent to opsEmail.',
    '  Costs: activate the cost allocation tags project and stage once per account (Billing console, Cost allocation tags).',
    `Prove it from outside: npm run smoke -- ${siteUrl}${stageFlag(stage)}`,
  );
  return lines;
}
