import {
  Agent as HttpAgent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { faultAnswer } from './fault-answers';
import type { FaultService, FaultSwitch } from './fault-switch';
import type { DenialAnswer } from '../functions/iam/iam-enforcement';
import { closeServer, listenOn, readBody, type LocalService } from '../services';

/** How a kept-alive socket the other side has closed fails the next call written on it. */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE']);

/**
 * A loopback HTTP proxy between the stack and one service endpoint (an emulator or one the
 * caller gave). Each call asks the fault switch first: a failed call is answered here, as the
 * service answers an outage, and never reaches the service, so an SES fault means the email
 * was not accepted. Otherwise the call is forwarded byte for byte (headers, Host included, so
 * signatures stay as the SDK made them). See docs/decisions/0040-local-fault-switch.md.
 * With a `guard`, a call the caller's role does not allow is answered with the service's
 * access-denied error and never reaches the service (docs/decisions/0041-iam-enforced-twin.md).
 */
export async function startFaultProxy(options: {
  service: FaultService;
  target: string;
  faults: FaultSwitch;
  guard?: (incoming: IncomingMessage, body: Buffer) => Promise<DenialAnswer | undefined>;
}): Promise<LocalService> {
  const { service, faults } = options;
  const target = new URL(options.target);
  const secure = target.protocol === 'https:';
  // DynamoDB's calls go over kept-alive connections (a new one per call cost the local campaign
  // send about a tenth of its rate); a kept-alive socket the service closed just as the call
  // was written fails a call the service never saw, so that call is forwarded once more on a
  // new connection, as Node's docs advise (request.reusedSocket). SES's calls are not
  // idempotent: a connection each, so there is never a call to repeat.
  const keepAlive = service === 'dynamodb';
  const agent = secure ? new HttpsAgent({ keepAlive }) : new HttpAgent({ keepAlive });
  const basePath = target.pathname.replace(/\/$/, '');

  /** What an unreachable service means to the caller: a refused call, as AWS answers one. */
  const refuse = (outgoing: ServerResponse) => {
    if (outgoing.headersSent) return outgoing.destroy();
    const answer = faultAnswer(service);
    outgoing.writeHead(answer.status, answer.headers).end(answer.body);
  };

  function forward(incoming: IncomingMessage, body: Buffer, outgoing: ServerResponse, loseAnswer = false) {
    const upstream = (secure ? httpsRequest : httpRequest)(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: incoming.method,
        path: `${basePath}${incoming.url ?? '/'}`,
        headers: incoming.headers,
        agent,
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        // Before the caller sees the answer, so a fault armed on this success meets its next call.
        if (status >= 200 && status < 300) faults.recordSuccess(service);
        if (loseAnswer) {
          // The service has acted on the call; its answer is read and lost on the way back.
          answer.resume().once('end', () => outgoing.destroy());
          return;
        }
        outgoing.writeHead(status, answer.headers);
        answer.pipe(outgoing);
      },
    );
    // An unreachable service (refused, reset) is a refused call, as AWS answers with a 5xx or
    // the connection is refused: never a connection dropped after the request was written,
    // which the caller would have to read as "maybe accepted" (issue 17).
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (upstream.reusedSocket && STALE_SOCKET.has(error.code ?? '')) forward(incoming, body, outgoing, loseAnswer);
      else refuse(outgoing);
    });
    upstream.end(body);
  }

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
    const injection = faults.decide(service);
    if (injection?.kind === 'fail') {
      const answer = faultAnswer(service);
      incoming.resume().once('end', () => outgoing.writeHead(answer.status, answer.headers).end(answer.body));
      return;
    }
    if (injection?.kind === 'hang') {
      // Read and held until the caller gives up; never forwarded, so the service never saw it.
      incoming.resume();
      return;
    }
    const body = await readBody(incoming);
    // IAM answers before the service does: a denied call never reaches the service.
    const denial = await options.guard?.(incoming, body);
    if (denial) return void outgoing.writeHead(denial.status, denial.headers).end(denial.body);
    if (injection?.kind === 'delay') await sleep(injection.ms);
    forward(incoming, body, outgoing, injection?.kind === 'lose-answer');
  }

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      console.error(`[${service} proxy] could not answer a call`, error);
      outgoing.destroy();
    });
  });
  const endpoint = await listenOn(server, 0, `${service} fault proxy`);
  return {
    endpoint,
    close: async () => {
      await closeServer(server);
      agent.destroy();
    },
  };
}
