import { FaultSwitch, parseFaultSpec } from '#infra/local/faults/fault-switch.ts';

/** A switch on a hand-moved clock, with the dice given in advance. */
function switchAt(start = 1_000_000, dice: number[] = []) {
  let now = start;
  const faults = new FaultSwitch(
    () => now,
    () => dice.shift() ?? 0,
  );
  return { faults, advance: (ms: number) => (now += ms) };
}

describe('FaultSwitch', () => {
  it('injects nothing until a fault is set', () => {
    const { faults } = switchAt();
    expect(faults.decide('dynamodb')).toBeUndefined();
    expect(faults.decide('ses')).toBeUndefined();
    expect(faults.state()).toEqual({ dynamodb: null, ses: null });
  });

  it('fails every call of the chosen service only, and counts them', () => {
    const { faults } = switchAt();
    faults.set({ service: 'ses' });
    expect([faults.decide('ses'), faults.decide('ses'), faults.decide('dynamodb')]).toEqual([
      { kind: 'fail' },
      { kind: 'fail' },
      undefined,
    ]);
    expect(faults.state().ses).toEqual({ service: 'ses', mode: 'fail', share: 1, state: 'active', injected: 2 });
  });

  it('fails the given share of calls', () => {
    const { faults } = switchAt(0, [0.1, 0.7, 0.49, 0.5, 0.99]);
    faults.set({ service: 'dynamodb', share: 0.5 });
    const decisions = Array.from({ length: 5 }, () => faults.decide('dynamodb')?.kind);
    expect(decisions).toEqual(['fail', undefined, 'fail', undefined, undefined]);
    expect(faults.state().dynamodb?.injected).toBe(2);
  });

  it('ends a fault after its seconds, and keeps showing it as ended', () => {
    const { faults, advance } = switchAt(Date.UTC(2026, 0, 1));
    faults.set({ service: 'dynamodb', seconds: 1.5 });
    advance(1499);
    expect(faults.decide('dynamodb')).toEqual({ kind: 'fail' });
    advance(1);
    expect(faults.decide('dynamodb')).toBeUndefined();
    expect(faults.state().dynamodb).toMatchObject({ state: 'ended', endsAt: '2026-01-01T00:00:01.500Z', injected: 1 });
  });

  it('ends a fault after its calls: exactly the next call, and no other', () => {
    const { faults } = switchAt();
    faults.set({ service: 'ses', mode: 'hang', calls: 1 });
    expect([faults.decide('ses'), faults.decide('ses')]).toEqual([{ kind: 'hang' }, undefined]);
    expect(faults.state().ses).toMatchObject({ state: 'ended', injected: 1 });
  });

  it('slows calls by delayMs in mode slow', () => {
    const { faults } = switchAt();
    faults.set({ service: 'ses', mode: 'slow', delayMs: 750 });
    expect(faults.decide('ses')).toEqual({ kind: 'delay', ms: 750 });
  });

  it('starts an armed fault right after the next success of the named service, for its seconds', () => {
    const { faults, advance } = switchAt();
    faults.set({ service: 'dynamodb', seconds: 3, afterNextSuccessOf: 'ses' });
    advance(60_000);
    faults.recordSuccess('dynamodb');
    expect(faults.decide('dynamodb')).toBeUndefined();
    expect(faults.state().dynamodb?.state).toBe('armed');

    faults.recordSuccess('ses');
    advance(2999);
    expect(faults.decide('dynamodb')).toEqual({ kind: 'fail' });
    faults.recordSuccess('ses');
    advance(1);
    expect(faults.decide('dynamodb')).toBeUndefined();
    expect(faults.state().dynamodb).toMatchObject({ state: 'ended', injected: 1 });
  });

  it('replaces a service fault when set again, and clears one service or all', () => {
    const { faults } = switchAt();
    faults.set({ service: 'ses' });
    faults.set({ service: 'ses', mode: 'slow', delayMs: 10 });
    faults.set({ service: 'dynamodb' });
    expect(faults.decide('ses')).toEqual({ kind: 'delay', ms: 10 });
    faults.clear('ses');
    expect(faults.state()).toMatchObject({ ses: null, dynamodb: { state: 'active' } });
    faults.clear();
    expect(faults.state()).toEqual({ dynamodb: null, ses: null });
  });
});

describe('parseFaultSpec', () => {
  it('accepts every documented field', () => {
    const spec = {
      service: 'dynamodb',
      mode: 'slow',
      share: 0.25,
      seconds: 2,
      calls: 3,
      delayMs: 300,
      afterNextSuccessOf: 'ses',
    };
    expect(parseFaultSpec(spec)).toEqual(spec);
  });

  it.each([
    [[], 'A fault is a JSON object.'],
    [{ service: 'sqs' }, 'service must be one of: dynamodb, ses.'],
    [
      { service: 'ses', sconds: 3 },
      'Unknown field(s): sconds. Known: service, mode, share, seconds, calls, delayMs, afterNextSuccessOf.',
    ],
    [{ service: 'ses', mode: 'flaky' }, 'mode must be one of: fail, slow, hang, lose-answer.'],
    [{ service: 'ses', share: 1.5 }, 'share must be a number from 0 to 1.'],
    [{ service: 'ses', seconds: 0 }, 'seconds must be a positive number.'],
    [{ service: 'ses', calls: 1.5 }, 'calls must be a positive whole number.'],
    [{ service: 'ses', mode: 'slow' }, 'mode slow needs delayMs, from 0 to 120000.'],
    [{ service: 'ses', delayMs: 100 }, 'delayMs applies to mode slow only.'],
    [{ service: 'ses', afterNextSuccessOf: 'sns' }, 'afterNextSuccessOf must be one of: dynamodb, ses.'],
  ])('refuses %j: %s', (input, message) => {
    expect(() => parseFaultSpec(input)).toThrow(message);
  });
});
