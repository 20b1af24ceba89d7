/**
 * The twin's clock control (infra/local/queues-and-schedules/clock-control.ts): the browser journeys move the clock a
 * stack's scheduled publishes fire on, over loopback-only HTTP. It starts at real time, moves only
 * forward and only by what a schedule may need (a year), and answers no other machine or page.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLOCK_PATH, createTwinClock, type TwinClock } from '#infra/local/queues-and-schedules/clock-control.ts';
import { rawRequest } from '#test/support/raw-request.ts';

async function serve(clock: TwinClock, peerAddress?: string): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((req, res) => void clock.control(req, res));
  // Makes the (loopback) test client look like another machine to the control.
  if (peerAddress)
    server.on('connection', (socket) => Object.defineProperty(socket, 'remoteAddress', { value: peerAddress }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://localhost:${(server.address() as AddressInfo).port}` };
}

const move = (baseUrl: string, body: string, contentType = 'application/json') =>
  fetch(`${baseUrl}${CLOCK_PATH}`, { method: 'POST', headers: { 'content-type': contentType }, body });

describe("the twin's clock control", () => {
  let clock: TwinClock;
  let server: Server;
  let baseUrl: string;

  beforeEach(async () => {
    clock = createTwinClock();
    ({ server, baseUrl } = await serve(clock));
  });
  afterEach(() => new Promise((resolve) => server.close(resolve)));

  it('starts at real time and moves forward by what is asked, each time', async () => {
    // Prepare
    const before = Math.floor(Date.now() / 1000);

    // Act
    const first = await move(baseUrl, JSON.stringify({ advanceSeconds: 3 * 3600 }));
    const second = await move(baseUrl, JSON.stringify({ advanceSeconds: 60 }));

    // Assess
    expect(first.status).toBe(200);
    expect(await second.json()).toMatchObject({ offsetSeconds: 3 * 3600 + 60 });
    const now = clock.now();
    expect(now).toBeGreaterThanOrEqual(before + 3 * 3600 + 60);
    expect(now).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3 * 3600 + 60);
    expect(await (await fetch(`${baseUrl}${CLOCK_PATH}`)).json()).toMatchObject({ offsetSeconds: 3 * 3600 + 60 });
  });

  it('refuses a move back, past a year, not a number or not JSON, and keeps the clock', async () => {
    // Act
    const answers = await Promise.all([
      move(baseUrl, JSON.stringify({ advanceSeconds: -60 })),
      move(baseUrl, JSON.stringify({ advanceSeconds: 367 * 86400 })),
      move(baseUrl, JSON.stringify({ advanceSeconds: '60' })),
      move(baseUrl, 'advanceSeconds=60', 'application/x-www-form-urlencoded'),
    ]);

    // Assess
    expect(answers.map(({ status }) => status)).toEqual([400, 400, 400, 415]);
    expect(await answers[0]!.json()).toEqual({ message: 'advanceSeconds must be a whole number from 0 to 31622400.' });
    expect(await (await fetch(`${baseUrl}${CLOCK_PATH}`)).json()).toMatchObject({ offsetSeconds: 0 });
  });

  it('answers only this machine, addressed as localhost', async () => {
    // Prepare
    const other = await serve(clock, '203.0.113.9');

    // Act
    const fromElsewhere = await move(other.baseUrl, JSON.stringify({ advanceSeconds: 60 }));
    const byAnotherName = await rawRequest(
      `${baseUrl}${CLOCK_PATH}`,
      { 'content-type': 'application/json', host: 'rebound.example.test:3000' },
      JSON.stringify({ advanceSeconds: 60 }),
    );
    await new Promise((resolve) => other.server.close(resolve));

    // Assess
    expect(fromElsewhere.status).toBe(403);
    expect(await fromElsewhere.json()).toEqual({ message: "The twin's clock answers loopback clients only." });
    expect(byAnotherName.status).toBe(403);
    expect(JSON.parse(byAnotherName.body)).toEqual({
      message: "The twin's clock answers requests addressed to localhost only.",
    });
    expect(clock.now()).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });
});
