/**
 * The UTM tags of a campaign's links to the site (docs/decisions/0081-privacy-first-analytics.md;
 * 0051, amended): `utm_source=newsletter&utm_medium=email&utm_campaign=<slug>` on every link of the
 * body into the site, so the visits it brings are counted under the campaign, in sums; the same for
 * every recipient, so no click is tied to a person. Another site's link is left as written (its
 * owner's analytics are not ours to feed), and so is a tag the author wrote. The newsletter
 * archive's copy of the body, a page of the site itself, drops them again.
 */
import { CAMPAIGN_UTM } from '#shared/site-visits.ts';

const TAGS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** The address on the site `siteUrl` names, or undefined for another site's or no address. */
const onSite = (href: string, siteUrl: string): URL | undefined => {
  try {
    const url = new URL(href);
    return url.origin === new URL(siteUrl).origin ? url : undefined;
  } catch {
    return undefined;
  }
};

/** An absolute link with the campaign's tags when it leads into the site. */
export const withCampaignTags = (href: string, siteUrl: string, slug: string): string => {
  const url = onSite(href, siteUrl);
  if (!url || TAGS.some((tag) => url.searchParams.has(tag))) return href;
  url.searchParams.set('utm_source', CAMPAIGN_UTM.source);
  url.searchParams.set('utm_medium', CAMPAIGN_UTM.medium);
  url.searchParams.set('utm_campaign', slug);
  return url.href;
};

/** A link without the tags withCampaignTags added (the archive's page is no email); any other link as it is. */
export const withoutCampaignTags = (href: string): string => {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  const ours =
    url.searchParams.get('utm_source') === CAMPAIGN_UTM.source &&
    url.searchParams.get('utm_medium') === CAMPAIGN_UTM.medium;
  if (!ours) return href;
  for (const tag of TAGS) url.searchParams.delete(tag);
  return url.href;
};
