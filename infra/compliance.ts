import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';

/**
 * The cdk-nag rule packs the app must pass (DESIGN §9). cdk-nag 3 runs them as validation
 * plugins: an unacknowledged finding fails synth, in `cdk synth` and in the infra tests alike.
 * Every acknowledgement sits next to the resource it concerns, with its reason.
 */
export function addCompliancePacks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
}
