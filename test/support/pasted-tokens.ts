/**
 * A subscriber's own links as an owner pastes them into a campaign, in every form a token reaches
 * the text (docs/decisions/0052-newsletter-archive.md, amended 2026-11-28): wrapped by Outlook Safe
 * Links or Proofpoint (v2 rewritten, v3), percent-encoded, the API's address, in a code span, bare.
 * One Markdown line each, for the preflight's and the archive's tests alike; and the words that
 * look long or random but are no one's token.
 */
import { randomBytes } from 'node:crypto';
import { subscriberLinks } from '#lambdas/mail/subscriber-links.ts';
import { subscriberLinkToken } from '#lambdas/domain/subscriber-link-token.ts';
import type { SubscriberItem } from '#lambdas/data/subscriber-item.ts';

const SITE = 'https://www.chinooktalent.ca';

/** Outlook Safe Links, as Microsoft 365 rewrites a link in received mail (its data names the mailbox). */
export const safeLinks = (url: string) =>
  `https://nam12.safelinks.protection.outlook.com/?url=${encodeURIComponent(url)}&data=05%7C02%7Cowner%40chinooktalent.ca%7C5e8f%7C0%7C0%7C638%7CUnknown&sdata=Qm9vaw%2Bx2Fh4%3D&reserved=0`;

/** Proofpoint URL Defense v2: `-` as `-2D`, `_` as `-5F`, other bytes `-XX`, `/` as `_`. */
export const proofpointV2 = (url: string) => {
  const rewritten = [...url]
    .map((character) =>
      /[A-Za-z0-9.~]/.test(character)
        ? character
        : character === '/'
          ? '_'
          : `-${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
  return `https://urldefense.proofpoint.com/v2/url?u=${rewritten}&d=DwMFaQ&c=euGZstcaTDllvimEN8b7jXrwqOf-v5A_CdpgnVfiiMM&r=x4mZ3k9yLqV2wP7nT1cR8bH6jD0sF5gA&m=Zt8Xq2&s=Jd7Qk3&e=`;
};

/** Proofpoint URL Defense v3: the URL kept, `#` taken out as `*` and listed, base64url, after `__;`. */
export const proofpointV3 = (url: string) => {
  const taken = [...url].filter((character) => character === '#').join('');
  return `https://urldefense.com/v3/__${url.replace(/#/g, '*')}__;${Buffer.from(taken).toString('base64url')}!!N11eV2iwtfs!Xy7aB3cD$`;
};

/** A subscriber with a secret (links since purposes) or without (links carrying the bare id). */
export const tokenSubscriber = (secret = true): Pick<SubscriberItem, 'id' | 'secret' | 'audience'> => ({
  id: randomBytes(16).toString('base64url'),
  ...(secret ? { secret: randomBytes(16).toString('base64url') } : {}),
  audience: 'candidate',
});

/** Each form, one Markdown line, with what the preflight calls it (its words after `line N: `). */
export const pastedForms = (subscriber: Pick<SubscriberItem, 'id' | 'secret' | 'audience'>) => {
  const links = subscriberLinks(SITE, subscriber);
  const unsubscribe = subscriberLinkToken(subscriber, 'unsubscribe');
  const preferences = subscriberLinkToken(subscriber, 'preferences');
  return {
    'Outlook Safe Links': {
      line: `Leave the list: [here](${safeLinks(links.unsubscribe)}).`,
      says: 'a subscriber’s personal unsubscribe link (their unsubscribe token), inside a link rewritten by Outlook Safe Links',
    },
    'Proofpoint v2': {
      line: `Your settings: ${proofpointV2(links.settings)}`,
      says: 'a subscriber’s personal email preferences link (their preferences token), inside a link rewritten by Proofpoint URL Defense',
    },
    'Proofpoint v3': {
      line: `Or [this one](${proofpointV3(links.unsubscribe)})`,
      says: 'a subscriber’s personal unsubscribe link (their unsubscribe token), inside a link rewritten by Proofpoint URL Defense',
    },
    'percent-encoded': {
      line: `Copied from the address bar: ${encodeURIComponent(links.settings)}`,
      says: 'a subscriber’s personal email preferences link (their preferences token)',
    },
    'the API address': {
      line: `[Your record](${SITE}/api/candidate/subscribers/${preferences})`,
      says: 'a subscriber’s personal email preferences link (their preferences token)',
    },
    'a code span': {
      line: `The token is \`${unsubscribe}\`.`,
      says: 'a subscriber’s personal unsubscribe link (their unsubscribe token)',
    },
    bare: {
      line: `Quote ${unsubscribe} when you call.`,
      says: 'a subscriber’s personal unsubscribe link (their unsubscribe token)',
    },
  };
};

/** Long words, slugs, run-together names and another site's ids: no one's token. */
export const NOT_TOKENS = [
  'internationalisations',
  'friction-free-employee',
  'AcmeRecruitingServices',
  'HRTipsForSmallBusiness',
  'CalgaryHiringOutlook26',
  'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdEF/edit',
  '[our post](/blog/friction-free-employee-engagement)',
];
