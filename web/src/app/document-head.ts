import { BUSINESS } from '#shared/constants/business.ts';
import { absoluteUrl, type PageMeta } from '../lib/page-meta';

/** The Open Graph image of pages that do not name their own (1200×630). */
export const DEFAULT_OG_IMAGE = '/images/og-default.png';

/**
 * Everything <head> says about one page, resolved to absolute URLs. The prerender writes it
 * as HTML (web/build/html-document.ts); the client applies it on in-app navigation.
 */
export interface HeadValues {
  title: string;
  description: string;
  /** Absent on noindex pages: a personal link has no canonical address. */
  canonical?: string;
  noindex: boolean;
  ogTitle: string;
  ogType: 'website' | 'article';
  ogImage: string;
  siteName: string;
}

/** "About us | Chinook Talent Partners"; a title that already names the firm stays as it is. */
export function documentTitle(title: string): string {
  return title.includes(BUSINESS.name) ? title : `${title} | ${BUSINESS.name}`;
}

export function headValues(meta: PageMeta, siteUrl: string): HeadValues {
  const noindex = meta.noindex === true;
  return {
    title: documentTitle(meta.title),
    description: meta.description,
    canonical: noindex ? undefined : absoluteUrl(meta.path, siteUrl),
    noindex,
    ogTitle: meta.ogTitle ?? meta.title,
    ogType: meta.ogType ?? 'website',
    ogImage: absoluteUrl(meta.ogImage ?? DEFAULT_OG_IMAGE, siteUrl),
    siteName: BUSINESS.name,
  };
}
