import { SUBSCRIBER_LINK_TOKEN_PATTERN, preferencesTokenOfHash, unsubscribePagePath } from '#shared/paths.ts';
import { subscriberLinkToken, subscriberTokenMatches } from '#lambdas/domain/subscriber-link-token.ts';
import { subscriberLinks } from '#lambdas/mail/subscriber-links.ts';

const subscriber = { id: 'IdIdIdIdIdIdIdIdIdIdId', secret: 'SecretSecretSecretSecr', audience: 'candidate' as const };

describe('subscriber link tokens', () => {
  it('is the id followed by a proof of the secret, in the link pattern, one per purpose', () => {
    const unsubscribe = subscriberLinkToken(subscriber, 'unsubscribe');
    const preferences = subscriberLinkToken(subscriber, 'preferences');

    for (const token of [unsubscribe, preferences]) {
      expect(token).toMatch(SUBSCRIBER_LINK_TOKEN_PATTERN);
      expect(token).toHaveLength(44);
      expect(token.startsWith(subscriber.id)).toBe(true);
      expect(token).not.toContain(subscriber.secret);
    }
    expect(unsubscribe).not.toBe(preferences);
  });

  it('matches only the exact token of its own purpose', () => {
    const token = subscriberLinkToken(subscriber, 'unsubscribe');

    expect(subscriberTokenMatches(subscriber, token, 'unsubscribe')).toBe(true);
    expect(subscriberTokenMatches(subscriber, token, 'preferences')).toBe(false);
    expect(subscriberTokenMatches(subscriber, subscriber.id, 'unsubscribe')).toBe(false);
    expect(
      subscriberTokenMatches(subscriber, `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`, 'unsubscribe'),
    ).toBe(false);
    expect(subscriberTokenMatches({ ...subscriber, secret: 'AnotherSecretAnotherSe' }, token, 'unsubscribe')).toBe(
      false,
    );
  });

  it('compares in constant time (crypto.timingSafeEqual)', () => {
    const crypto = require('node:crypto') as typeof import('node:crypto');
    const spy = jest.spyOn(crypto, 'timingSafeEqual');
    subscriberTokenMatches(subscriber, subscriberLinkToken(subscriber, 'preferences'), 'preferences');
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('is the bare id, for every purpose, for a subscriber created before links had purposes', () => {
    const legacy = { id: subscriber.id };

    expect(subscriberLinkToken(legacy, 'unsubscribe')).toBe(subscriber.id);
    expect(subscriberLinkToken(legacy, 'preferences')).toBe(subscriber.id);
    expect(subscriberTokenMatches(legacy, subscriber.id, 'preferences')).toBe(true);
  });
});

describe('subscriber links in an email', () => {
  it('carry the unsubscribe token to the unsubscribe page and one-click, the preferences token to the preferences page', () => {
    const links = subscriberLinks('https://site.test', subscriber);
    const unsubscribe = subscriberLinkToken(subscriber, 'unsubscribe');
    const preferences = subscriberLinkToken(subscriber, 'preferences');

    expect(links).toEqual({
      unsubscribe: `https://site.test/unsubscribe/candidate/${unsubscribe}#${preferences}`,
      settings: `https://site.test/candidate/setting/${preferences}`,
      oneClick: `https://site.test/api/candidate/subscribers/${unsubscribe}/one-click`,
    });
  });

  it("give the unsubscribe page its 'click here' token after '#', and nothing else there", () => {
    const preferences = subscriberLinkToken(subscriber, 'preferences');
    const path = unsubscribePagePath('employer', subscriberLinkToken(subscriber, 'unsubscribe'), preferences);

    expect(preferencesTokenOfHash(new URL(path, 'https://site.test').hash)).toBe(preferences);
    expect(preferencesTokenOfHash('')).toBeUndefined();
    expect(preferencesTokenOfHash('#top')).toBeUndefined();
  });
});
