/**
 * The local twin holds a function to its configured timeout as Lambda does
 * (infra/local/functions/sandbox/function-sandbox.ts): an invocation still running at the timeout is cut
 * off, nothing it would have done later happens, and the next invocation runs in a new sandbox. A
 * cold start's loading is not counted against that timeout: Lambda limits its Init phase apart.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FunctionTimeoutError, sandboxFunction } from '#infra/local/functions/sandbox/function-sandbox.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-'));
const trace = (name: string) => path.join(dir, name);
const written = (file: string) => readFileSync(file, 'utf8');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const slow = sandboxFunction({
  name: 'slowFixture',
  entry: 'test/integration/local/fixtures/slow-handler.ts',
  timeoutSeconds: 1,
});
afterAll(() => slow.close());

describe('a sandboxed function', () => {
  it('answers within its timeout with the time it had left, as the Lambda context tells it', async () => {
    const answer = (await slow.invoke({ file: trace('quick'), waitMs: 50 })) as { remainingAtStart: number };

    expect(written(trace('quick'))).toBe('started\nfinished\n');
    expect(answer.remainingAtStart).toBeGreaterThan(500);
    expect(answer.remainingAtStart).toBeLessThanOrEqual(1000);
  });

  it('is cut off at its timeout: the caller gets a timeout error and the rest of the work never happens', async () => {
    const cut = await slow.invoke({ file: trace('cut'), waitMs: 2_000 }).catch((error: Error) => error);
    await sleep(2_000);

    expect(cut).toBeInstanceOf(FunctionTimeoutError);
    expect((cut as Error).message).toBe('Task timed out after 1.00 seconds');
    expect(written(trace('cut'))).toBe('started\n');
  });

  it('runs the next invocation in a new sandbox', async () => {
    await slow.invoke({ file: trace('after'), waitMs: 10 });

    expect(written(trace('after'))).toBe('started\nfinished\n');
  });
});

describe('a sandboxed function whose cold start is longer than its timeout', () => {
  it('answers: as in Lambda, loading the module is not counted against the function timeout', async () => {
    const heavy = sandboxFunction({
      name: 'slowInitFixture',
      entry: 'test/integration/local/fixtures/slow-init-handler.ts',
      timeoutSeconds: 1,
    });

    const answer = await heavy.invoke({}).finally(() => heavy.close());

    expect(answer).toEqual({ answered: true });
  });
});

describe('a sandboxed function whose module fails to load', () => {
  it('fails each invocation with the error instead of waiting for ever, and refuses any after close', async () => {
    const broken = sandboxFunction({
      name: 'brokenFixture',
      entry: 'test/integration/local/fixtures/broken-handler.ts',
      timeoutSeconds: 5,
    });

    const first = await broken.invoke({}).catch((error: Error) => error);
    const second = await broken.invoke({}).catch((error: Error) => error);
    await broken.close();
    const closed = await broken.invoke({}).catch((error: Error) => error);

    expect((first as Error).message).toContain('LEADS_TABLE is not set');
    expect((second as Error).message).toContain('LEADS_TABLE is not set');
    expect((closed as Error).message).toBe('The brokenFixture sandbox is closed');
  });
});
