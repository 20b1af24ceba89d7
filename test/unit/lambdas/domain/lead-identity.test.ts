/**
 * The pure pieces the limits and the emailed links rest on: the canonical mailbox, the client
 * a request counts against, the lead key of a submission and the lead link token.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DUPLICATE_WINDOW_SECONDS } from '#shared/constants/limits.ts';
import { LEAD_LINK_TOKEN_PATTERN } from '#shared/paths.ts';
import { canonicalMailbox } from '#lambdas/domain/canonical-mailbox.ts';
import { leadKeys } from '#lambdas/domain/lead-key.ts';
import { leadKeyOfToken, leadLinkToken, tokenMatches } from '#lambdas/domain/lead-link-token.ts';
import { clientAddress, clientLimitKey } from '#lambdas/http/client-address.ts';
import { apiEvent } from '#test/support/api-events.ts';
import { NOW } from '#test/support/payloads.ts';

describe('canonicalMailbox', () => {
  it.each([
    ['Ann.Lee@Example.CA', 'ann.lee@example.ca'],
    ['  ann@example.ca ', 'ann@example.ca'],
    ['ann+news@example.ca', 'ann@example.ca'],
    ['ann+a+b@example.ca', 'ann@example.ca'],
    ['ann.lee@example.ca', 'ann.lee@example.ca'],
    ['v.i.ctim@gmail.com', 'victim@gmail.com'],
    ['Vi.Ct.Im+2@GMail.com', 'victim@gmail.com'],
    ['victim@googlemail.com', 'victim@gmail.com'],
    ['v.ictim+x@googlemail.com', 'victim@gmail.com'],
  ])('%p -> %p', (typed, mailbox) => {
    expect(canonicalMailbox(typed)).toBe(mailbox);
  });

  it('keeps the dots of other providers: they are different mailboxes there', () => {
    expect(canonicalMailbox('a.nn@outlook.com')).not.toBe(canonicalMailbox('ann@outlook.com'));
  });
});

describe('clientAddress / clientLimitKey', () => {
  const withViewer = (viewer?: string, sourceIp = '192.0.2.1'): APIGatewayProxyEventV2 => {
    const event = apiEvent({
      routeKey: 'POST /api/signup',
      path: '/api/signup',
      headers: viewer ? { 'cloudfront-viewer-address': viewer } : {},
    });
    event.requestContext.http.sourceIp = sourceIp;
    return event;
  };

  it.each([
    ['IPv4 with its port', '203.0.113.7:52144', '203.0.113.7'],
    ['bracketed IPv6 with its port', '[2001:db8::1]:443', '2001:db8::1'],
    ['IPv6 as CloudFront writes it, the port after the last colon', '2001:db8:0:0:0:0:0:1:443', '2001:db8:0:0:0:0:0:1'],
  ])('reads the viewer address from CloudFront-Viewer-Address: %s', (_case, header, address) => {
    expect(clientAddress(withViewer(header))).toBe(address);
  });

  it('falls back to API Gateway source IP without the CloudFront header', () => {
    expect(clientAddress(withViewer(undefined, '198.51.100.4'))).toBe('198.51.100.4');
    expect(clientLimitKey(withViewer(undefined, '198.51.100.4'))).toBe('198.51.100.4');
  });

  it('counts an IPv4 client by its address', () => {
    expect(clientLimitKey(withViewer('203.0.113.7:1'))).toBe('203.0.113.7');
    expect(clientLimitKey(withViewer('203.0.113.8:1'))).not.toBe(clientLimitKey(withViewer('203.0.113.7:1')));
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const keys = ['[2001:db8:aa:bb::1]:443', '[2001:DB8:AA:BB:ffff:1:2:3]:80', '[2001:0db8:00aa:00bb:0:0:0:9]:1'].map(
      (viewer) => clientLimitKey(withViewer(viewer)),
    );
    expect(new Set(keys)).toEqual(new Set(['2001:db8:aa:bb::/64']));
    expect(clientLimitKey(withViewer('[2001:db8:aa:bc::1]:443'))).toBe('2001:db8:aa:bc::/64');
  });
});

describe('leadKeys', () => {
  const values = {
    email: 'ann@example.ca',
    firstName: 'Ann',
    lastName: 'Lee',
    helpDescription: 'Hello',
    signupMe: true,
    audience: 'candidate',
  };

  it('gives the same submission the same key within a window, whatever its timestamps and field order', () => {
    const first = leadKeys('signup', { ...values, createdAt: NOW, updatedAt: NOW, website: '' }, NOW);
    const reordered = Object.fromEntries(Object.entries(values).reverse());
    const again = leadKeys('signup', { ...reordered, createdAt: NOW + 40, updatedAt: NOW + 41 }, NOW + 1);
    expect(again).toEqual(first);
    expect(first.current).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('gives different values, or another form, another key', () => {
    const base = leadKeys('signup', values, NOW).current;
    expect(leadKeys('signup', { ...values, helpDescription: 'Hello!' }, NOW).current).not.toBe(base);
    expect(leadKeys('scorecard', values, NOW).current).not.toBe(base);
  });

  it("names the previous window's key, so a resend across the boundary finds the first lead", () => {
    const windowStart = Math.ceil(NOW / DUPLICATE_WINDOW_SECONDS) * DUPLICATE_WINDOW_SECONDS;
    const before = leadKeys('signup', values, windowStart - 1);
    const after = leadKeys('signup', values, windowStart);
    expect(after.current).not.toBe(before.current);
    expect(after.previous).toBe(before.current);
  });
});

describe('lead link tokens', () => {
  const lead = {
    id: 'lead#KeyKeyKeyKeyKeyKeyKeyK',
    secret: 'SecretSecretSecretSecr',
    linkTokens: 'per-purpose' as const,
  };

  it('is the lead key followed by a proof of its secret, in the link pattern, one per purpose', () => {
    const download = leadLinkToken(lead, 'download');
    const confirmation = leadLinkToken(lead, 'confirmation');
    expect(download).toMatch(LEAD_LINK_TOKEN_PATTERN);
    expect(confirmation).toMatch(LEAD_LINK_TOKEN_PATTERN);
    expect(leadKeyOfToken(download)).toBe('KeyKeyKeyKeyKeyKeyKeyK');
    expect(leadKeyOfToken(confirmation)).toBe('KeyKeyKeyKeyKeyKeyKeyK');
    expect(download).not.toBe(confirmation);
    // The secret itself is never in a link.
    expect(download).not.toContain(lead.secret);
    expect(confirmation).not.toContain(lead.secret);
  });

  it('matches only the exact token of its own purpose', () => {
    const token = leadLinkToken(lead, 'download');
    expect(tokenMatches(lead, token, 'download')).toBe(true);
    expect(tokenMatches(lead, token, 'confirmation')).toBe(false);
    expect(tokenMatches(lead, leadLinkToken(lead, 'confirmation'), 'download')).toBe(false);
    expect(tokenMatches(lead, `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`, 'download')).toBe(false);
    expect(tokenMatches(lead, token.slice(0, 22), 'download')).toBe(false);
    expect(tokenMatches(lead, `${token}x`, 'download')).toBe(false);
    expect(tokenMatches(lead, '', 'download')).toBe(false);
    expect(tokenMatches({ ...lead, secret: 'AnotherSecretAnotherSe' }, token, 'download')).toBe(false);
  });

  it('compares in constant time (crypto.timingSafeEqual)', () => {
    const crypto = require('node:crypto') as typeof import('node:crypto');
    const spy = jest.spyOn(crypto, 'timingSafeEqual');
    tokenMatches(lead, leadLinkToken(lead, 'confirmation'), 'confirmation');
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('takes a lead stored before purposes had tokens by the link its emails carried (key and secret), until it expires', () => {
    const older = { id: lead.id, secret: lead.secret };
    const emailed = 'KeyKeyKeyKeyKeyKeyKeyKSecretSecretSecretSecr';
    expect(tokenMatches(older, emailed, 'download')).toBe(true);
    expect(tokenMatches(older, leadLinkToken(older, 'confirmation'), 'confirmation')).toBe(true);
    expect(tokenMatches(lead, emailed, 'download')).toBe(false);
  });

  it.each(['', 'short', '../../etc/passwd', 'x'.repeat(43), 'x'.repeat(45), `${'a'.repeat(43)}!`])(
    'finds no key in the malformed token %p',
    (token) => {
      expect(leadKeyOfToken(token)).toBeUndefined();
    },
  );
});
