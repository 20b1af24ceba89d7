import {
  EXCLUDED_SHOWN,
  EXCLUSION_REASONS,
  INBOX_SHOWS,
  linkTargetsOf,
  type Exclusion,
  type ExclusionReason,
  type Preflight,
  type PreflightCheck,
} from '#shared/console/campaigns.ts';
import { escapeHtml } from '#shared/escape-html.ts';
import { mailingAddressProblem } from '#shared/mailing-address.ts';
import { countOf } from '#shared/count-words.ts';
import { splitAudience } from '../../campaigns/campaign-audience';
import { subscriberLinks } from '../../mail/subscriber-links';
import { checkLinks, checkPage, type FetchPage } from '../../campaigns/link-check';
import { PERSONAL_PLACE_WORDS, personalAddressIn, type Wrapper } from '../../campaigns/personal-links';
import { subscriberTokenFinder, type TokenKind } from '../../campaigns/subscriber-tokens';
import { sampleRecipient, testCopy } from '../../campaigns/test-copy';
import type { CampaignContent } from '../../data/campaign-item';
import type { CampaignDraftItem } from '../../data/campaign-drafts';
import type { SubscriberItem } from '../../data/subscriber-item';
import { allSubscribers } from '../../data/subscriber-list';
import { senderIdentification } from '../../mail/sender-identification';
import type { ConsoleStores } from '../kit/request';

const exclusionsOf = (excluded: ReturnType<typeof splitAudience>['excluded']): Exclusion[] =>
  (Object.keys(EXCLUSION_REASONS) as ExclusionReason[]).flatMap((reason) => {
    const people = excluded.filter(({ why }) => why === reason);
    if (people.length === 0) return [];
    const emails = people.slice(0, EXCLUDED_SHOWN).map(({ subscriber }) => subscriber.email);
    return [{ reason, label: EXCLUSION_REASONS[reason], count: people.length, emails }];
  });

const identificationCheck = (): PreflightCheck => {
  const { name, mailingAddress, contactEmail } = senderIdentification();
  const problem = mailingAddressProblem(mailingAddress);
  return problem
    ? {
        id: 'identification',
        ok: false,
        summary: `${problem} Every campaign email must carry it (CASL); it is set in cdk.json (mailingAddress).`,
      }
    : {
        id: 'identification',
        ok: true,
        summary: `Every email says who sends it: ${name}, ${mailingAddress}, ${contactEmail}.`,
      };
};

const lengthCheck = (id: 'subject' | 'preheader', value: string): PreflightCheck => {
  const label = id === 'subject' ? 'The subject' : 'The preheader';
  const limit = INBOX_SHOWS[id];
  if (!value) return { id, ok: true, summary: 'No preheader: inboxes show the first words of the email instead.' };
  return value.length <= limit
    ? { id, ok: true, summary: `${label} has ${value.length} characters; inboxes show about ${limit}.` }
    : {
        id,
        ok: false,
        summary: `${label} has ${value.length} characters; inboxes show about ${limit} (phones fewer), so its end will be cut off.`,
      };
};

/**
 * The test copy's unsubscribe link: both parts of the email carry it, and the page it opens
 * answers on the site. The test copy's sample subscriber does not exist, so the page then says
 * the link names no one; a subscriber's own link opens their own page. The HTML part carries the
 * link escaped as the email's footer writes it (escapeHtml: its `&` as `&amp;`).
 */
const unsubscribeCheck = async (
  content: CampaignContent,
  owner: string,
  siteUrl: string,
  fetchPage: FetchPage,
): Promise<PreflightCheck> => {
  const mail = testCopy(content, owner, siteUrl);
  const link = subscriberLinks(siteUrl, sampleRecipient(content, owner)).unsubscribe;
  if (!mail.html.includes(escapeHtml(link)) || !mail.text.includes(link))
    return { id: 'unsubscribe', ok: false, summary: 'The test copy carries no unsubscribe link.' };
  const page = await checkPage(link, siteUrl, fetchPage);
  return page.result === 'ok'
    ? {
        id: 'unsubscribe',
        ok: true,
        summary: 'The test copy has an unsubscribe link in both parts, and its page opens on the site.',
      }
    : {
        id: 'unsubscribe',
        ok: false,
        summary: `The test copy's unsubscribe page ${page.detail ?? 'does not open'}: subscribers could not unsubscribe.`,
      };
};

const TOKEN_WORDS: Record<TokenKind, string> = {
  unsubscribe: 'a subscriber’s personal unsubscribe link (their unsubscribe token)',
  preferences: 'a subscriber’s personal email preferences link (their preferences token)',
  legacy: 'a subscriber’s personal link (the token that opens their unsubscribe and preferences pages)',
  id: 'a subscriber’s id (the first half of their personal links)',
};
const inside = (via: readonly Wrapper[]) =>
  via.length > 0 ? `, inside a link rewritten by ${[...new Set(via)].join(' and ')}` : '';

/**
 * No subscriber's token anywhere in what recipients and the public newsletter page read
 * (docs/decisions/0052-newsletter-archive.md, amended 2026-11-28): a known subscriber's token in
 * any form (subscriber-tokens.ts: by their id and their links' proofs), and any address of a
 * person's own page or API record, wrapped or encoded (personal-links.ts), such as a test copy's.
 * Each finding names its place, the line of the text as the owner wrote it.
 */
const personalTokensCheck = (
  draft: Pick<CampaignDraftItem, 'subject' | 'preheader' | 'markdown'>,
  subscribers: readonly SubscriberItem[],
): PreflightCheck => {
  const find = subscriberTokenFinder(subscribers);
  const places = [
    { place: 'the subject', text: draft.subject },
    { place: 'the preheader', text: draft.preheader ?? '' },
    ...draft.markdown.split(/\r?\n/).map((text, index) => ({ place: `line ${index + 1}`, text })),
  ];
  const findings = places.flatMap(({ place, text }) => {
    const tokens = find(text);
    // A known person's token says exactly what it is; an address alone (a test copy's, or of a
    // subscriber no longer on the list) by the page it opens.
    if (tokens.length > 0) return tokens.map(({ kind, via }) => `${place}: ${TOKEN_WORDS[kind]}${inside(via)}`);
    const address = personalAddressIn(text);
    return address
      ? [`${place}: a personal link to one person’s ${PERSONAL_PLACE_WORDS[address.place]}${inside(address.via)}`]
      : [];
  });
  return findings.length === 0
    ? { id: 'tokens', ok: true, summary: 'No subscriber’s personal link or token in the subject, preheader or text.' }
    : {
        id: 'tokens',
        ok: false,
        summary:
          `Remove what belongs to one person: ${findings.join('; ')}. Whoever reads it, each recipient and ` +
          'anyone on the public newsletter page, could see that person’s address and unsubscribe them. Every ' +
          'email already ends with each reader’s own unsubscribe and preferences links.',
      };
};

/**
 * Everything to check before a send, as the console's checklist: who gets it and who does not
 * (why), the CASL identification, the body's links, no one's personal link or token, the
 * unsubscribe link, and what inboxes show of the subject and preheader.
 */
export const preflight = async (
  stores: Pick<ConsoleStores, 'subscribers'>,
  draft: CampaignDraftItem,
  content: CampaignContent,
  context: { owner: string; siteUrl: string; now: number; fetchPage?: FetchPage },
): Promise<Preflight> => {
  const fetchPage = context.fetchPage ?? fetch;
  const subscribers = await allSubscribers(stores.subscribers);
  const split = splitAudience(subscribers, draft, context.now);
  const exclusions = exclusionsOf(split.excluded);
  const links = await checkLinks(linkTargetsOf(draft.markdown), context.siteUrl, fetchPage);
  const broken = links.filter((link) => link.result === 'broken');
  const notChecked = links.filter((link) => link.result === 'not-checked');
  const recipients = split.recipients.length;
  const checks: PreflightCheck[] = [
    {
      id: 'recipients',
      ok: recipients > 0,
      summary: `${countOf(recipients, 'person', 'people')} will get it; ${countOf(split.excluded.length, 'person', 'people')} of its audience will not (reasons below).`,
    },
    identificationCheck(),
    {
      id: 'links',
      ok: broken.length === 0,
      summary:
        `${countOf(links.length - notChecked.length - broken.length, 'link')} of the site ${links.length - notChecked.length - broken.length === 1 ? 'opens' : 'open'}` +
        (broken.length
          ? `; ${countOf(broken.length, 'link')} ${broken.length === 1 ? 'does' : 'do'} not: ${broken.map((link) => link.href).join(', ')}`
          : '') +
        (notChecked.length
          ? `; ${countOf(notChecked.length, 'link')} not checked (other sites, email addresses): open them yourself.`
          : '.'),
    },
    personalTokensCheck(draft, subscribers),
    await unsubscribeCheck(content, context.owner, context.siteUrl, fetchPage),
    lengthCheck('subject', draft.subject),
    lengthCheck('preheader', draft.preheader),
  ];
  return { slug: draft.slug, checks, recipients, exclusions, links, checkedAt: context.now };
};
