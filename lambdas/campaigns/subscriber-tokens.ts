/**
 * A real subscriber's token in a campaign's text, found by what it is: a known subscriber's id
 * (128 random bits: it names that person and no one else), and what follows it checked against
 * that subscriber's own proofs (lambdas/domain/subscriber-link-token.ts), so the owner is told
 * which link it is. Wherever it is: in a link, wrapped or encoded (personal-links.ts decodings),
 * in a code span or bare in a sentence. Asking the table instead of refusing every 22-character
 * word means an ordinary long word or a slug is never taken for a token; the chance that 22 of
 * an owner's characters are a subscriber's id by accident is 2^-128 per subscriber.
 */
import type { SubscriberItem } from '../data/subscriber-item';
import { subscriberLinkToken, type SubscriberLinkPurpose } from '../domain/subscriber-link-token';
import { BASE64URL_RUN, decodings, wrappersOf, type Wrapper } from './personal-links';

const ID_LENGTH = 22;

/** `id`: the id alone, which for a subscriber created before purposes is their link's whole token. */
export type TokenKind = SubscriberLinkPurpose | 'id' | 'legacy';

export interface FoundToken {
  kind: TokenKind;
  /** The wrappings in the text it was found in (wrappersOf). */
  via: Wrapper[];
}

/**
 * A finder over these subscribers: for a text, each known subscriber's token in it or in any of
 * its decodings (a token wrapped twice is found once).
 */
export const subscriberTokenFinder = (subscribers: readonly Pick<SubscriberItem, 'id' | 'secret'>[]) => {
  const byId = new Map(subscribers.map((subscriber) => [subscriber.id, subscriber]));
  const kindAfter = (subscriber: Pick<SubscriberItem, 'id' | 'secret'>, run: string, at: number): TokenKind => {
    if (subscriber.secret === undefined) return 'legacy';
    const token = run.slice(at, at + 2 * ID_LENGTH);
    const purpose = (['unsubscribe', 'preferences'] as const).find(
      (candidate) => subscriberLinkToken(subscriber, candidate) === token,
    );
    return purpose ?? 'id';
  };
  return (text: string): FoundToken[] => {
    const all = decodings(text);
    const via = wrappersOf(all);
    const kindsOf = new Map<string, Set<TokenKind>>();
    for (const { text: decoded } of all)
      for (const [run] of decoded.matchAll(BASE64URL_RUN)) {
        // Every place in the run: a token may be glued to what surrounds it (`u=TOKEN__`).
        for (let at = 0; at + ID_LENGTH <= run.length; at += 1) {
          const subscriber = byId.get(run.slice(at, at + ID_LENGTH));
          if (!subscriber) continue;
          kindsOf.set(subscriber.id, (kindsOf.get(subscriber.id) ?? new Set()).add(kindAfter(subscriber, run, at)));
          at += ID_LENGTH - 1;
        }
      }
    const found = new Map<TokenKind, FoundToken>();
    for (const kinds of kindsOf.values()) {
      // A wrapping that rewrote the proof (Proofpoint's `-2D` for `-`) still shows the id before it:
      // once a decoding tells the link apart, that id is the same link, not an id pasted alone.
      const told = [...kinds].filter((kind) => kind !== 'id');
      for (const kind of told.length ? told : kinds) if (!found.has(kind)) found.set(kind, { kind, via });
    }
    return [...found.values()];
  };
};
