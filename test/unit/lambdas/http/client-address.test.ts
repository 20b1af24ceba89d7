/**
 * The network a request counts against where a stranger must not spend someone else's budget
 * (the console's sign-in links and failed sign-ins, docs/decisions/0070-console-sign-in.md): an
 * IPv4 /24 or an IPv6 /48, whichever of its addresses asks.
 */
import { clientNetworkKey } from '#lambdas/http/client-address.ts';
import { apiEvent } from '#test/support/api-events.ts';

const from = (viewer: string) =>
  apiEvent({ routeKey: 'POST /x', method: 'POST', path: '/x', headers: { 'cloudfront-viewer-address': viewer } });

describe('clientNetworkKey', () => {
  it('counts every address of one IPv4 /24 as one network', () => {
    const keys = ['203.0.113.7:443', '203.0.113.200:1', '203.0.113.0:80'].map((viewer) =>
      clientNetworkKey(from(viewer)),
    );
    expect(new Set(keys)).toEqual(new Set(['203.0.113.0/24']));
    expect(clientNetworkKey(from('203.0.114.7:443'))).toBe('203.0.114.0/24');
  });

  it('counts every address of one IPv6 /48 as one network, however it is written', () => {
    const keys = ['[2001:db8:aa::1]:443', '[2001:DB8:AA:ffff:1:2:3:4]:80', '2001:0db8:00aa:0:0:0:0:9:443'].map(
      (viewer) => clientNetworkKey(from(viewer)),
    );
    expect(new Set(keys)).toEqual(new Set(['2001:db8:aa::/48']));
    expect(clientNetworkKey(from('[2001:db8:ab::1]:443'))).toBe('2001:db8:ab::/48');
  });
});
