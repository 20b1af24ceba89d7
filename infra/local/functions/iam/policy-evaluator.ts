/**
 * Decides whether a function's role allows one AWS request, as IAM would for an identity policy:
 * @cloud-copilot/iam-simulate (AGPL-3.0-or-later) evaluates the role's statements, their
 * conditions included, against the request's action, resource and context keys. It is a
 * development dependency of the twin only, never bundled into a function or the site
 * (docs/decisions/0041-iam-enforced-twin.md). Decisions are remembered: a stack makes the same
 * few requests over and over.
 */
import { runSimulation } from '@cloud-copilot/iam-simulate';
import type { FunctionName } from '#infra/cdk/constructs/functions.ts';
import type { FunctionRoles } from './function-roles';
import { LOCAL_ACCOUNT } from './local-arns';

/** One request as IAM sees it: the action, the resource and the request's condition keys. */
export interface AccessRequest {
  action: string;
  resource: string;
  context?: Record<string, string | string[]>;
}

export type Decision = { allowed: true } | { allowed: false; explicit: boolean; principal: string };

/** Beyond this many remembered decisions the memory starts again (LeadingKeys make many). */
const MEMORY = 5000;

/** The condition keys a role's statements read, lower case (IAM's keys are case-insensitive). */
const conditionKeys = (roles: FunctionRoles, name: FunctionName) =>
  new Set(
    (roles.statements.get(name) ?? []).flatMap((statement) =>
      Object.values(statement.Condition ?? {}).flatMap((test) => Object.keys(test).map((key) => key.toLowerCase())),
    ),
  );

export function createPolicyEvaluator(roles: FunctionRoles) {
  const decisions = new Map<string, Promise<Decision>>();
  const keysRead = new Map<FunctionName, Set<string>>();
  /**
   * The request's context keys the role's conditions read: no statement can decide on another, so
   * leaving them out changes no decision, and the partition key of each item (a new one per
   * campaign recipient) does not make every call a new simulation for a role that never reads it.
   */
  const relevant = (name: FunctionName, context: AccessRequest['context']) => {
    if (!keysRead.has(name)) keysRead.set(name, conditionKeys(roles, name));
    const read = keysRead.get(name)!;
    return Object.fromEntries(Object.entries(context ?? {}).filter(([key]) => read.has(key.toLowerCase())));
  };

  const simulate = async (name: FunctionName, request: AccessRequest): Promise<Decision> => {
    const principal = `arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/${roles.roleNames.get(name) ?? name}/${name}`;
    const statements = roles.statements.get(name) ?? [];
    const answer = await runSimulation(
      {
        identityPolicies: statements.length
          ? [{ name: `${name}-role`, policy: { Version: '2012-10-17', Statement: statements } }]
          : [],
        serviceControlPolicies: [],
        resourceControlPolicies: [],
        request: {
          action: request.action,
          principal,
          resource: { accountId: LOCAL_ACCOUNT, resource: request.resource },
          contextVariables: request.context ?? {},
        },
      },
      {},
    );
    // A request the simulator cannot read is the twin's mistake, not a denial: say so loudly.
    if (answer.resultType === 'error')
      throw new Error(
        `IAM simulation failed for ${request.action} on ${request.resource}: ${JSON.stringify(answer.errors)}`,
      );
    if (answer.overallResult === 'Allowed') return { allowed: true };
    return { allowed: false, explicit: answer.overallResult === 'ExplicitlyDenied', principal };
  };

  return {
    decide(name: FunctionName, asked: AccessRequest): Promise<Decision> {
      const request = { ...asked, context: relevant(name, asked.context) };
      const key = `${name}\n${request.action}\n${request.resource}\n${JSON.stringify(request.context)}`;
      let decision = decisions.get(key);
      if (!decision) {
        if (decisions.size >= MEMORY) decisions.clear();
        decision = simulate(name, request);
        decisions.set(key, decision);
        decision.catch(() => decisions.delete(key));
      }
      return decision;
    },
  };
}

export type PolicyEvaluator = ReturnType<typeof createPolicyEvaluator>;
