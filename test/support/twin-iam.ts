/**
 * The twin's IAM enforcement for a test process that runs functions itself (not through
 * `npm start`): each function's role from the synthesized template, mapped to the local
 * resources this process's environment names, and this process's HTTP calls labelled with the
 * function making them (infra/local/functions/iam/function-identity.ts). Made once per process.
 */
import { labelOutgoingCalls, runAs } from '#infra/local/functions/iam/function-identity.ts';
import { createIamEnforcement, type IamEnforcement } from '#infra/local/functions/iam/iam-enforcement.ts';
import type { FunctionName } from '#infra/cdk/constructs/functions.ts';
import { catalogueNameOf } from '#infra/cdk/constructs/role-description.ts';
import { synthesizedTemplate } from '#infra/local/functions/iam/template-cache.ts';

let enforcement: IamEnforcement | undefined;

export function twinIam(): IamEnforcement {
  labelOutgoingCalls();
  enforcement ??= createIamEnforcement();
  return enforcement;
}

/**
 * A handler invoked as its function: every AWS call it makes is held to that function's role, as
 * the twin's API dispatcher and sandboxes run them.
 */
export const asFunction =
  <Args extends unknown[], Result>(name: FunctionName, handler: (...args: Args) => Result) =>
  (...args: Args): Result => {
    labelOutgoingCalls();
    return runAs(name, () => handler(...args));
  };

type Template = ReturnType<typeof synthesizedTemplate>;

/**
 * The synthesized template with `action` taken out of the role of `name`: what a missing grant
 * looks like to the twin, for a test that shows the flow needing it fail as it would in AWS.
 */
export function templateWithout(
  name: FunctionName,
  action: string,
  template: Template = synthesizedTemplate(),
): Template {
  const copy = structuredClone(template);
  const [roleId] = Object.entries(copy.Resources).find(
    ([, resource]) => resource.Type === 'AWS::IAM::Role' && catalogueNameOf(resource.Properties?.Description) === name,
  )!;
  let removed = 0;
  for (const resource of Object.values(copy.Resources)) {
    const roles = resource.Properties?.Roles as { Ref?: string }[] | undefined;
    if (resource.Type !== 'AWS::IAM::Policy' || !roles?.some((role) => role.Ref === roleId)) continue;
    const document = resource.Properties!.PolicyDocument as { Statement: { Action: string | string[] }[] };
    document.Statement = document.Statement.flatMap((statement) => {
      const actions = [statement.Action].flat();
      const kept = actions.filter((granted) => granted !== action);
      removed += actions.length - kept.length;
      return kept.length ? [{ ...statement, Action: kept }] : [];
    });
  }
  if (!removed) throw new Error(`The role of ${name} has no ${action} grant to take away`);
  return copy;
}
