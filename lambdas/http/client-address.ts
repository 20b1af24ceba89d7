import type { ApiEvent } from './types';

/** `203.0.113.7:443` -> `203.0.113.7`; `[2001:db8::1]:443` or `2001:db8::1:443`-style -> the address. */
const withoutPort = (viewer: string): string => {
  const bracketed = /^\[([^\]]+)\]/.exec(viewer);
  if (bracketed) return bracketed[1]!;
  const colons = viewer.split(':').length - 1;
  if (colons === 1) return viewer.split(':')[0]!;
  // IPv6 as CloudFront writes it: the port follows the last colon.
  return colons > 1 ? viewer.slice(0, viewer.lastIndexOf(':')) : viewer;
};

/** An IPv6 address's eight groups, zeros filled in and leading zeros dropped. */
const ipv6Groups = (address: string): string[] => {
  const [head = '', tail] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros =
    tail === undefined ? [] : Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => group.replace(/^0+(?=.)/, ''));
};

/** An IPv6 client controls a whole /64: limits key on that prefix, not on one of its addresses. */
const limitKeyOf = (address: string): string =>
  address.includes(':') ? `${ipv6Groups(address).slice(0, 4).join(':')}::/64` : address;

/**
 * The network a client's address belongs to: its IPv4 /24 or its IPv6 /48, the block one
 * household, office or hosting customer is usually given. Budgets that a stranger must not be
 * able to spend for someone else (the console's sign-in links and failed sign-ins) count per
 * network: a stranger with many addresses of one block still has one budget.
 */
const networkOf = (address: string): string => {
  if (address.includes(':')) return `${ipv6Groups(address).slice(0, 3).join(':')}::/48`;
  const octets = address.split('.');
  return octets.length === 4 ? `${octets.slice(0, 3).join('.')}.0/24` : address;
};

/**
 * The viewer's address as CloudFront reports it (CloudFront-Viewer-Address, forwarded by the
 * /api/* origin request policy; trusted because the API only answers requests carrying the
 * origin-verify secret, docs/decisions/0020-origin-verify.md); API Gateway's source IP otherwise.
 */
export const clientAddress = (event: ApiEvent): string => {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  return viewer ? withoutPort(viewer.trim()) : (event.requestContext?.http?.sourceIp ?? 'unknown');
};

/** The key the per-client limit counts under. */
export const clientLimitKey = (event: ApiEvent): string => limitKeyOf(clientAddress(event));

/** The key of the client's network (IPv4 /24, IPv6 /48). */
export const clientNetworkKey = (event: ApiEvent): string => networkOf(clientAddress(event));
