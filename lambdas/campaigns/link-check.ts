import type { LinkCheck } from '#shared/console/campaigns.ts';
import { PERSONAL_PLACE_WORDS, personalAddressIn } from './personal-links';

/** How long one link may take to answer before it counts as broken. */
export const LINK_TIMEOUT_MS = 5000;
/** Links fetched at once: the site is ours, and the check should not look like a flood. */
const AT_ONCE = 4;

export type FetchPage = (url: string, init: { redirect: 'follow'; signal: AbortSignal }) => Promise<{ status: number }>;

/**
 * Where a link of the body leads, seen from the site `siteUrl` (no trailing slash): the site's
 * own page (site-relative, or absolute on its origin) as the URL to fetch, or why it is not
 * fetched: another site's page is listed for the owner to open, never fetched from our function
 * (it would fetch any URL an owner types), and an email address has no page.
 */
export const linkTarget = (href: string, siteUrl: string): { fetch: string } | { notChecked: string } => {
  if (/^mailto:/i.test(href)) return { notChecked: 'an email address: not checked' };
  if (href.startsWith('/') && !href.startsWith('//')) return { fetch: `${siteUrl}${href}` };
  try {
    if (new URL(href).origin === new URL(siteUrl).origin) return { fetch: href };
  } catch {
    return { notChecked: 'not a web address' };
  }
  return { notChecked: "another site's page: not checked, open it yourself" };
};

/**
 * Whether one page answers: the site's own fetched (after redirects, 200 is the only good answer),
 * another site's listed as not checked. For a page the campaign's own email adds (the test copy's
 * unsubscribe link) as for a body's link.
 */
export const checkPage = async (href: string, siteUrl: string, fetchPage: FetchPage): Promise<LinkCheck> => {
  const target = linkTarget(href, siteUrl);
  if ('notChecked' in target) return { href, result: 'not-checked', detail: target.notChecked };
  try {
    const { status } = await fetchPage(target.fetch.split('#')[0]!, {
      redirect: 'follow',
      signal: AbortSignal.timeout(LINK_TIMEOUT_MS),
    });
    return status === 200 ? { href, result: 'ok' } : { href, result: 'broken', detail: `answered ${status}` };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      href,
      result: 'broken',
      detail: timedOut ? `did not answer within ${LINK_TIMEOUT_MS / 1000} s` : 'could not be reached',
    };
  }
};

/**
 * A body's link into a person's own page or API record opens for that person alone and would
 * carry their token to every recipient and the public newsletter page: never good in a campaign,
 * however it answers (a subscriber's API record answers 200), wrapped by a mail filter or not
 * (personal-links.ts). Not fetched either. Undefined for any other link.
 */
const personalLink = (href: string): LinkCheck | undefined => {
  const personal = personalAddressIn(href);
  return personal
    ? {
        href,
        result: 'broken',
        detail: `a personal link to one person’s ${PERSONAL_PLACE_WORDS[personal.place]}: remove it`,
      }
    : undefined;
};

const checkOne = async (href: string, siteUrl: string, fetchPage: FetchPage) =>
  personalLink(href) ?? checkPage(href, siteUrl, fetchPage);

/**
 * Checks the links of a campaign's body: a link into a person's own page is refused, each of the
 * site's own links is fetched (checkPage) and the others are listed as not checked. In AWS the
 * site is SITE_URL (CloudFront); locally the local stack's URL.
 */
export const checkLinks = async (
  hrefs: string[],
  siteUrl: string,
  fetchPage: FetchPage = fetch,
): Promise<LinkCheck[]> => {
  const results: LinkCheck[] = [];
  for (let start = 0; start < hrefs.length; start += AT_ONCE) {
    results.push(
      ...(await Promise.all(hrefs.slice(start, start + AT_ONCE).map((href) => checkOne(href, siteUrl, fetchPage)))),
    );
  }
  return results;
};
