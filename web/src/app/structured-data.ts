import { BUSINESS } from '#shared/constants/business.ts';
import { PAGE_META } from '#web/content/pages/meta.ts';
import { absoluteUrl } from '../lib/page-meta';

/** schema.org Organization for the home page: lets search engines name and place the firm. */
export function organizationJsonLd(siteUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: BUSINESS.name,
    url: absoluteUrl('/', siteUrl),
    logo: absoluteUrl('/images/logo.svg', siteUrl),
    image: absoluteUrl('/images/og-default.png', siteUrl),
    email: BUSINESS.contactEmail,
    description: PAGE_META.home.description,
    address: {
      '@type': 'PostalAddress',
      addressLocality: BUSINESS.city,
      addressRegion: 'AB',
      addressCountry: 'CA',
    },
    areaServed: BUSINESS.province,
  };
}
