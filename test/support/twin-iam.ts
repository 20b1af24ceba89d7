/**
 * The twin's IAM enforcement for a test process that runs functions itself (not through
 * `npm start`): each function's role from the synthesized template, mapped to the local
 * resources this process's environment names, and this process's HTTP calls labelled with the
 * function making them (infra/local/iam/function-identity.ts). Made once per process.
 */
import { labelOutgoingCalls, runAs } from '#infra/local/iam/function-identity.ts';
import { createIamEnforcement, type IamEnforcement } from '#infra/local/iam/iam-enforcement.ts';
import type { FunctionName } from '#infra/constructs/functions.ts';

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
