/**
 * The pure parts of `npm run deploy` (infra/deploy/deploy.ts): what to run and what to print.
 * Kept free of I/O so the tests can check them without AWS.
 */

/** The one stack of the app (infra/bin/app.ts). */
export const STACK_NAME = 'ConsultancySite';

/** Where `cdk deploy --outputs-file` writes the stack outputs. */
export const OUTPUTS_FILE = 'cdk.out/deploy-outputs.json';

/**
 * The `cdk deploy` command line: the stack, the outputs file, then the operator's own
 * arguments (`-c key=value`, `--profile`, `--require-approval never`) passed through as given.
 * `siteUrl` is refused here already, with the same reason synth gives.
 */
export function cdkDeployArgs(operatorArgs: readonly string[]): string[] {
  const setsSiteUrl = operatorArgs.some(
    (arg, i) => /^siteUrl=/.test(arg) && ['-c', '--context'].includes(operatorArgs[i - 1] ?? ''),
  );
  if (setsSiteUrl || operatorArgs.some((arg) => /^--context=siteUrl=/.test(arg))) {
    throw new Error(
      "Do not pass -c siteUrl=...: the site URL is the custom domain (-c domainName=...) or the distribution's own domain.",
    );
  }
  return ['deploy', STACK_NAME, '--outputs-file', OUTPUTS_FILE, ...operatorArgs];
}

/** The outputs of our stack in the file `cdk deploy --outputs-file` writes ({ stack: { key: value } }). */
export function stackOutputs(outputsFileText: string): Record<string, string> {
  const outputs = (JSON.parse(outputsFileText) as Record<string, Record<string, string> | undefined>)[STACK_NAME];
  if (!outputs?.SiteUrl || !outputs.DistributionDomainName) {
    throw new Error(`${OUTPUTS_FILE} has no SiteUrl/DistributionDomainName outputs for ${STACK_NAME}`);
  }
  return outputs;
}

/** What the operator reads after a deploy: the site, what is left to do by hand, the proof. */
export function deploySummary(outputs: Record<string, string>): string[] {
  const siteUrl = outputs.SiteUrl;
  const distribution = outputs.DistributionDomainName;
  const dkim = Object.keys(outputs)
    .filter((key) => /DkimRecord\d/.test(key))
    .sort()
    .map((key) => `    ${outputs[key]}`);
  const lines = [`Deployed ${STACK_NAME}.`, `  Site:         ${siteUrl}`, `  Distribution: ${distribution}`];
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
    `Prove it from outside: npm run smoke -- ${siteUrl}`,
  );
  return lines;
}
