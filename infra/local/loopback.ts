import type { IncomingMessage } from 'node:http';

/** `localhost`, 127.x.x.x or [::1], with any port: a name only this machine answers to. */
const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

const isLoopbackPeer = (address: string | undefined) =>
  !!address && (/^(::ffff:)?127\./.test(address) || address === '::1');

const isLoopbackOrigin = (origin: string) => {
  try {
    return LOOPBACK_HOST.test(new URL(origin).host);
  } catch {
    return false;
  }
};

/**
 * Why a request to one of the developer's local tools (the fault switch, the inbox) is refused,
 * if it is. A loopback peer is not enough: a page on any site can rebind its own name to
 * 127.0.0.1 (DNS rebinding) and then call the tool from the developer's browser as the same
 * origin. Such a request still names that site in its Host (and Origin) header, so both must
 * name this machine too.
 */
export function loopbackRefusal(req: IncomingMessage): string | undefined {
  if (!isLoopbackPeer(req.socket.remoteAddress)) return 'answers loopback clients only';
  if (!LOOPBACK_HOST.test(req.headers.host ?? '')) return 'answers requests addressed to localhost only';
  const { origin } = req.headers;
  if (origin !== undefined && !isLoopbackOrigin(origin)) return 'answers pages served from localhost only';
  return undefined;
}
