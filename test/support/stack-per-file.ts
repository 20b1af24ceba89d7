/**
 * The hooks a test file with a local stack of its own needs (docs/architecture.md#the-local-twin):
 * start the stack before the file's tests, stop it (its whole process group) after them, whether
 * they passed or not. Call at the top of the file, or of a describe block.
 */
import type { RunningStack } from './local-stack';

export interface StackPerFile {
  /** The running stack; after `restart`, the restarted one. */
  (): RunningStack;
  /** RunningStack.restart; the restarted stack becomes the one the tests and the stop hook see. */
  restart(signal?: NodeJS.Signals): Promise<RunningStack>;
}

export function stackPerFile(start: () => Promise<RunningStack>): StackPerFile {
  let current: RunningStack | undefined;
  beforeAll(async () => {
    current = await start();
  });
  afterAll(() => current?.stop());

  const stack = (() => {
    if (!current) throw new Error('The local stack has not started: call stack() inside a test or hook');
    return current;
  }) as StackPerFile;
  stack.restart = async (signal) => (current = await stack().restart(signal));
  return stack;
}
