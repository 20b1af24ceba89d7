/**
 * The fault switch of a running local stack (docs/decisions/0040-local-fault-switch.md), for
 * tests: `baseUrl` is the stack's site origin, e.g. RunningStack.baseUrl. Each call answers
 * with the switch's state after it; a refused request throws with the switch's message.
 */
import { FAULTS_PATH } from '#infra/local/faults/fault-control.ts';
import type { FaultService, FaultSpec, FaultState, FaultView } from '#infra/local/faults/fault-switch.ts';

export type { FaultService, FaultSpec, FaultState, FaultView };

async function call(baseUrl: string, init: RequestInit & { query?: string } = {}): Promise<FaultState> {
  const response = await fetch(`${baseUrl}${FAULTS_PATH}${init.query ?? ''}`, init);
  const body = (await response.json()) as FaultState | { message: string };
  if (!response.ok)
    throw new Error(`Fault switch answered ${response.status}: ${(body as { message: string }).message}`);
  return body as FaultState;
}

/** Sets `spec.service`'s fault, replacing the one it had. */
export const setFault = (baseUrl: string, spec: FaultSpec) =>
  call(baseUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) });

/** Clears one service's fault, or all. */
export const clearFaults = (baseUrl: string, service?: FaultService) =>
  call(baseUrl, { method: 'DELETE', query: service ? `?service=${service}` : '' });

/** The faults set, with how many calls each has failed or slowed (`injected`). */
export const readFaults = (baseUrl: string) => call(baseUrl);
