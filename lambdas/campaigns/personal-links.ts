/**
 * A person's own links in a campaign's text, found by what they are rather than by how they were
 * pasted (docs/decisions/0052-newsletter-archive.md, amended 2026-11-28): an owner copies a link
 * from their own copy of an email, and mail filters have often rewritten it (Outlook Safe Links,
 * Proofpoint URL Defense) or an editor percent-encoded it, so the token is in there but not where
 * a plain pattern looks. Everything here works on the text alone, with no table: the preflight
 * (lambdas/console/campaigns/campaign-preflight.ts) adds the check against the known subscribers
 * (subscriber-tokens.ts), and the archive's renderer uses this as its second line.
 */
import { API_ROUTES, DYNAMIC_PAGES, type EmailPageForm } from '#shared/paths.ts';
import { unescapeHtml } from '#shared/escape-html.ts';

/** A mail filter's wrapping around a link, named for the owner. */
export type Wrapper = 'Outlook Safe Links' | 'Proofpoint URL Defense';

export interface Decoding {
  text: string;
  /** The wrappers taken off on the way from the original text to this one. */
  via: Wrapper[];
}

/** Percent-decoding that never throws: each valid UTF-8 run is decoded, a stray `%` stays. */
const percentDecode = (text: string) =>
  text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

/** Outlook Safe Links: `https://<region>.safelinks.protection.outlook.com/?url=<percent-encoded>&data=…`. */
const SAFE_LINKS = /https?:\/\/[a-z0-9.-]*safelinks\.protection\.outlook\.com\/?[^\s<>"']*?[?&]url=([^&\s<>"']+)/gi;
/** Proofpoint v1 and v2: `https://urldefense.proofpoint.com/v2/url?u=<rewritten>&d=…`. */
const PROOFPOINT_V2 = /https?:\/\/urldefense(?:\.proofpoint)?\.com\/v[12]\/url\?u=([^&\s<>"']+)/gi;
/** Proofpoint v3: `https://urldefense.com/v3/__<url>__;<base64url of the replaced characters>!!…`. */
const PROOFPOINT_V3 = /https?:\/\/urldefense(?:\.proofpoint)?\.com\/v3\/__(.+?)__;([A-Za-z0-9_-]*)!/gi;
/** v3's run lengths: `**A` stands for the next 2 replaced characters, `**B` for 3 … `**_` for 65. */
const V3_RUNS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * v2 writes `-XX` for a percent-encoded byte (`-2D` is `-`) and `_` for `/`, so a token's own `-`
 * and `_` are `-2D` and `-5F` in the wrapped link: decoded, the token is whole again.
 */
const proofpointV2 = (rewritten: string) =>
  percentDecode(rewritten.replace(/-([0-9A-F]{2})/g, '%$1').replace(/_/g, '/'));

/**
 * v3 keeps the URL as it was, but puts `*` (one character) or `**<run>` (several) where it took out
 * characters it does not allow, and lists those characters, in order, base64url-encoded after `__;`
 * (as Proofpoint's own decoder, urldecoder.py, reads them).
 */
const proofpointV3 = (url: string, replaced: string) => {
  let taken = '';
  try {
    taken = Buffer.from(replaced, 'base64url').toString('utf8');
  } catch {
    // Nothing to put back: the URL is read as it stands.
  }
  let at = 0;
  return percentDecode(url).replace(/\*(\*.)?/g, (_all, run?: string) => {
    const length = run ? V3_RUNS.indexOf(run[1]!) + 2 : 1;
    const characters = taken.slice(at, at + length);
    at += length;
    return characters;
  });
};

/** The URLs wrapped inside `text` (one level), each with its wrapper. */
const unwrapped = (text: string): Decoding[] => [
  ...[...text.matchAll(SAFE_LINKS)].map((match) => ({
    text: percentDecode(match[1]!),
    via: ['Outlook Safe Links' as const],
  })),
  ...[...text.matchAll(PROOFPOINT_V2)].map((match) => ({
    text: proofpointV2(match[1]!),
    via: ['Proofpoint URL Defense' as const],
  })),
  ...[...text.matchAll(PROOFPOINT_V3)].map((match) => ({
    text: proofpointV3(match[1]!, match[2]!),
    via: ['Proofpoint URL Defense' as const],
  })),
];

/** Enough for a link wrapped twice and encoded twice over; each step only ever shortens the text. */
const MOST_STEPS = 6;

/**
 * The text and every form it decodes to, repeatedly: HTML entities, percent-encoding (once per
 * step, so a twice-encoded link comes out too), and each wrapped link taken out of its wrapper.
 * The original comes first.
 */
export const decodings = (text: string): Decoding[] => {
  const seen = new Map<string, Decoding>([[text, { text, via: [] }]]);
  let frontier = [...seen.values()];
  for (let step = 0; step < MOST_STEPS && frontier.length > 0; step += 1) {
    const next: Decoding[] = [];
    for (const { text: current, via } of frontier) {
      const candidates = [
        { text: unescapeHtml(current), via },
        { text: percentDecode(current), via },
        ...unwrapped(current).map((inner) => ({ text: inner.text, via: [...via, ...inner.via] })),
      ];
      for (const candidate of candidates)
        if (!seen.has(candidate.text)) {
          seen.set(candidate.text, candidate);
          next.push(candidate);
        }
    }
    frontier = next;
  }
  return [...seen.values()];
};

/**
 * The mail filters' wrappings in a text, outermost first. Said of everything found in that text:
 * percent-decoding a whole Safe Links address shows the inner link too, so where a token was
 * first seen does not tell whether it came wrapped.
 */
export const wrappersOf = (found: readonly Decoding[]): Wrapper[] => [
  ...new Set(found.flatMap((decoding) => decoding.via)),
];

/** What kind of personal address a match is, in the owner's words. */
export type PersonalPlace = EmailPageForm | 'api';
export const PERSONAL_PLACE_WORDS: Record<PersonalPlace, string> = {
  unsubscribe: 'unsubscribe page',
  settings: 'email preferences page',
  confirm: 'sign-up confirmation page',
  api: 'record on the site’s API',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * The API's routes that take a person's token (`{id}`, `{token}`: the subscriber routes, the
 * confirmation, the scorecard download), up to that parameter, with the audience filled by a pattern.
 */
const PERSONAL_API_PREFIXES = Object.values(API_ROUTES)
  .map((route) => route.slice(route.indexOf(' ') + 1))
  .filter((path) => /\{(id|token)\}/.test(path))
  .map((path) =>
    escapeRegExp(path.slice(0, path.search(/\{(id|token)\}/))).replace(escapeRegExp('{audience}'), '[a-z]+'),
  );
const PAGE_PREFIXES = DYNAMIC_PAGES.map(({ prefix }) => escapeRegExp(prefix));
/**
 * A personal address on any host (a test copy's, a preview's, the local stack's): the site's page
 * or API route before the token (group 1, with the host when there is one), then the token and
 * whatever follows it to the next space, quote or tag.
 */
export const PERSONAL_ADDRESS = new RegExp(
  `((?:https?://[^/\\s<>"']+)?(?:${[...PAGE_PREFIXES, ...PERSONAL_API_PREFIXES].join('|')}))[^\\s<>"']+`,
  'g',
);

const placeOf = (prefix: string): PersonalPlace =>
  prefix.includes('/api/') ? 'api' : (DYNAMIC_PAGES.find((page) => prefix.endsWith(page.prefix))?.form ?? 'api');

export interface PersonalAddress {
  /** The address up to the token (host included when written), safe to show. */
  shown: string;
  place: PersonalPlace;
  /** Whether it was found only inside a wrapper or an encoding (not as written). */
  decoded: boolean;
  /** The wrappings in the text it was found in (wrappersOf). */
  via: Wrapper[];
}

/** The first personal address in `text` or any of its decodings; undefined when there is none. */
export const personalAddressIn = (text: string): PersonalAddress | undefined => {
  const all = decodings(text);
  for (const decoding of all) {
    PERSONAL_ADDRESS.lastIndex = 0;
    const match = PERSONAL_ADDRESS.exec(decoding.text);
    if (match)
      return {
        shown: match[1]!,
        place: placeOf(match[1]!),
        decoded: decoding.text !== text,
        via: wrappersOf(all),
      };
  }
  return undefined;
};

/**
 * Words a person writes: capitalised or lower-case words and acronyms run together
 * (`AcmeRecruitingServices`, `HRTipsForSmallBusiness`), perhaps ending in a number
 * (`CalgaryHiringOutlook26`), never a `-` or `_` inside.
 */
const READS_AS_WORDS = /^(?:[A-Z]*[a-z]{2,}|[A-Z]{2,}(?![a-z]))+[0-9]*$/;
/** The runs of base64url characters in a text: a token is always one whole run. */
export const BASE64URL_RUN = /[A-Za-z0-9_-]+/g;

/**
 * Whether a run of text has a subscriber link token's form (shared/paths.ts
 * SUBSCRIBER_LINK_TOKEN_PATTERN: an id of 22 base64url characters, with a 22-character proof or
 * without): exactly 22 or 44 characters, random-looking. A slug or an ordinary word has one case
 * (`friction-free-employee`, `internationalisations`) and words run together read as words; a
 * random token has both cases mixed with digits. Measured on 2,000,000 random tokens: about 4 in
 * 10,000 ids of 22 characters read as words (and are kept), no token of 44. For the archive's
 * renderer, which has no table to ask; the preflight asks the table (subscriber-tokens.ts).
 */
export const looksLikeToken = (run: string): boolean =>
  (run.length === 22 || run.length === 44) &&
  /^[A-Za-z0-9_-]+$/.test(run) &&
  /[A-Z]/.test(run) &&
  /[a-z]/.test(run) &&
  !READS_AS_WORDS.test(run);
