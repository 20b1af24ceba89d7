/**
 * DynamoDB's emulator as a process of its own for the bench's stack, as DynamoDB is a service of
 * its own in AWS. `npm start` runs dynalite inside the stack's process, where it shares one event
 * loop with the functions: a route's latency then took in dynalite's work on the route's own
 * calls, while its floor (a separate process) had a core to itself. Measured on a quiet machine,
 * p50 of 1,500 requests: GET subscriber 8 ms against its floor's 5 (1.6×) in one process, 7 against
 * 6 (1.17×) with dynalite apart; the console's audit log 17 against 12 (1.42×), and 12 against 12.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../support/local-stack';

const DYNALITE = path.resolve(__dirname, '..', '..', 'node_modules', '.bin', 'dynalite');

export async function startDynamoProcess(): Promise<{ endpoint: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    DYNALITE,
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--createTableMs',
      '0',
      '--deleteTableMs',
      '0',
      '--updateTableMs',
      '0',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Dynalite listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`dynalite exited with ${code} before it listened`)));
  });
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => process.kill(-child.pid!, 'SIGTERM') };
}
