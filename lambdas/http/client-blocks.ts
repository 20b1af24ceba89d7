/**
 * The network blocks a form submission is also counted against (docs/decisions/0003-abuse-limits.md,
 * amendment 2026-11-28): an IPv4 /24 or an IPv6 /48, the block one household, office or hosting
 * customer is usually given. A flood spread over many addresses of one block (in AWS one /48 is
 * 65,536 /64 "clients") then has one budget, not one per address. The per-client key
 * (client-address.ts: the address, or an IPv6 /64) stays the finer limit.
 */
import { clientAddress } from './client-address';
import type { ApiEvent } from './types';

/** An IPv6 address's eight groups, zeros filled in and leading zeros dropped (so each block has one spelling). */
const ipv6Groups = (address: string): string[] => {
  const [head = '', tail] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros =
    tail === undefined ? [] : Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => group.replace(/^0+(?=.)/, ''));
};

/** `203.0.113.7` -> `203.0.113.0/24`; `2001:db8:aa:bc::1` -> `2001:db8:aa::/48`; anything else as it is. */
export const networkBlockOf = (address: string): string => {
  if (address.includes(':')) return `${ipv6Groups(address).slice(0, 3).join(':')}::/48`;
  const octets = address.split('.');
  return octets.length === 4 ? `${octets.slice(0, 3).join('.')}.0/24` : address;
};

/** The blocks the client's submissions count against. */
export const clientNetworkBlocks = (event: ApiEvent): string[] => [networkBlockOf(clientAddress(event))];
