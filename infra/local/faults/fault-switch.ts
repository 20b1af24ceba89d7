/**
 * The local stack's fault switch: which of the stack's calls to DynamoDB or SES should fail
 * or be slowed, decided per call by the fault proxies (fault-proxy.ts). Off unless set.
 * Why proxies and these shapes: docs/decisions/0040-local-fault-switch.md.
 */
export const FAULT_SERVICES = ['dynamodb', 'ses'] as const;
export type FaultService = (typeof FAULT_SERVICES)[number];
export const FAULT_MODES = ['fail', 'slow', 'hang', 'lose-answer'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** What a caller asks for (POST /_local/faults, LOCAL_FAULTS). */
export interface FaultSpec {
  service: FaultService;
  /**
   * `fail` (default) answers as an outage; `slow` adds `delayMs` before the call is forwarded;
   * `hang` never forwards nor answers the call (the caller's own timeout must end it);
   * `lose-answer` forwards the call and drops the connection instead of passing the answer on
   * (the service acted on it; the caller cannot know).
   */
  mode?: FaultMode;
  /** The share of calls affected, 0..1 (default 1: every call). */
  share?: number;
  /** How long the fault lasts from when it starts (default: until cleared). */
  seconds?: number;
  /** How many calls it affects before it ends (default: no limit): "exactly the next call". */
  calls?: number;
  /** Added latency in milliseconds; `slow` only. */
  delayMs?: number;
  /** Arms the fault: it starts right after the next call to this service that succeeds. */
  afterNextSuccessOf?: FaultService;
}

/** A fault as the switch holds it; `ended` faults stay visible (with their count) until replaced or cleared. */
export interface FaultView extends FaultSpec {
  mode: FaultMode;
  share: number;
  state: 'armed' | 'active' | 'ended';
  /** When an active fault with `seconds` ends (ISO time). */
  endsAt?: string;
  /** How many calls this fault has failed or slowed. */
  injected: number;
}

export type FaultState = Record<FaultService, FaultView | null>;

/** What a proxy does with one call. */
export type Injection =
  { kind: 'fail' } | { kind: 'delay'; ms: number } | { kind: 'hang' } | { kind: 'lose-answer' } | undefined;

/** A fault request that cannot be followed; the message says why. */
export class FaultSpecError extends Error {}

/** Longest added latency: longer than any SDK timeout worth testing, short enough to end a test. */
const MAX_DELAY_MS = 120_000;

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.includes(value as T);

/** Checks an untrusted fault request (JSON from the control endpoint or the environment). */
export function parseFaultSpec(input: unknown): FaultSpec {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new FaultSpecError('A fault is a JSON object.');
  const spec = input as Record<string, unknown>;
  const known = ['service', 'mode', 'share', 'seconds', 'calls', 'delayMs', 'afterNextSuccessOf'];
  const unknown = Object.keys(spec).filter((key) => !known.includes(key));
  if (unknown.length) throw new FaultSpecError(`Unknown field(s): ${unknown.join(', ')}. Known: ${known.join(', ')}.`);
  if (!isOneOf(FAULT_SERVICES, spec.service))
    throw new FaultSpecError(`service must be one of: ${FAULT_SERVICES.join(', ')}.`);
  if (spec.mode !== undefined && !isOneOf(FAULT_MODES, spec.mode))
    throw new FaultSpecError(`mode must be one of: ${FAULT_MODES.join(', ')}.`);
  const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
  if (spec.share !== undefined && !(isNumber(spec.share) && spec.share >= 0 && spec.share <= 1)) {
    throw new FaultSpecError('share must be a number from 0 to 1.');
  }
  if (spec.seconds !== undefined && !(isNumber(spec.seconds) && spec.seconds > 0)) {
    throw new FaultSpecError('seconds must be a positive number.');
  }
  if (spec.calls !== undefined && !(Number.isInteger(spec.calls) && (spec.calls as number) > 0)) {
    throw new FaultSpecError('calls must be a positive whole number.');
  }
  if (spec.mode === 'slow') {
    if (!(isNumber(spec.delayMs) && spec.delayMs >= 0 && spec.delayMs <= MAX_DELAY_MS)) {
      throw new FaultSpecError(`mode slow needs delayMs, from 0 to ${MAX_DELAY_MS}.`);
    }
  } else if (spec.delayMs !== undefined) {
    throw new FaultSpecError('delayMs applies to mode slow only.');
  }
  if (spec.afterNextSuccessOf !== undefined && !isOneOf(FAULT_SERVICES, spec.afterNextSuccessOf)) {
    throw new FaultSpecError(`afterNextSuccessOf must be one of: ${FAULT_SERVICES.join(', ')}.`);
  }
  return spec as unknown as FaultSpec;
}

interface HeldFault {
  spec: FaultSpec;
  /** Unset while armed. */
  startedAt?: number;
  injected: number;
}

/** One fault per service at most: setting a fault replaces that service's previous one. */
export class FaultSwitch {
  private readonly faults = new Map<FaultService, HeldFault>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  set(spec: FaultSpec): void {
    this.faults.set(spec.service, { spec, startedAt: spec.afterNextSuccessOf ? undefined : this.now(), injected: 0 });
  }

  /** Clears one service's fault, or all. */
  clear(service?: FaultService): void {
    if (service) this.faults.delete(service);
    else this.faults.clear();
  }

  /** Called by a proxy before it forwards a call to `service`. */
  decide(service: FaultService): Injection {
    const fault = this.faults.get(service);
    if (!fault || this.stateOf(fault) !== 'active') return undefined;
    if (this.random() >= (fault.spec.share ?? 1)) return undefined;
    fault.injected += 1;
    const mode = fault.spec.mode ?? 'fail';
    return mode === 'slow' ? { kind: 'delay', ms: fault.spec.delayMs ?? 0 } : { kind: mode };
  }

  /** Called by a proxy when `service` answered a call with success: starts the faults armed on it. */
  recordSuccess(service: FaultService): void {
    for (const fault of this.faults.values()) {
      if (fault.startedAt === undefined && fault.spec.afterNextSuccessOf === service) fault.startedAt = this.now();
    }
  }

  state(): FaultState {
    const view = (service: FaultService): FaultView | null => {
      const fault = this.faults.get(service);
      if (!fault) return null;
      const endsAt = this.endOf(fault);
      return {
        ...fault.spec,
        mode: fault.spec.mode ?? 'fail',
        share: fault.spec.share ?? 1,
        state: this.stateOf(fault),
        ...(endsAt === undefined ? {} : { endsAt: new Date(endsAt).toISOString() }),
        injected: fault.injected,
      };
    };
    return { dynamodb: view('dynamodb'), ses: view('ses') };
  }

  private endOf(fault: HeldFault): number | undefined {
    return fault.startedAt === undefined || fault.spec.seconds === undefined
      ? undefined
      : fault.startedAt + fault.spec.seconds * 1000;
  }

  private stateOf(fault: HeldFault): FaultView['state'] {
    if (fault.startedAt === undefined) return 'armed';
    const endsAt = this.endOf(fault);
    if (fault.spec.calls !== undefined && fault.injected >= fault.spec.calls) return 'ended';
    return endsAt !== undefined && this.now() >= endsAt ? 'ended' : 'active';
  }
}
