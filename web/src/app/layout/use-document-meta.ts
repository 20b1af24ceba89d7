import { useEffect } from 'react';
import { siteConfig } from '../../config';
import { headValues, type HeadValues } from '../document-head';
import type { PageMeta } from '../../lib/page-meta';

/** Finds the <meta>/<link> the prerender wrote, or adds it if this page's HTML had none. */
function headElement<T extends HTMLElement>(selector: string, create: () => T): T {
  return document.head.querySelector<T>(selector) ?? document.head.appendChild(create());
}

function setMetaContent(attribute: 'name' | 'property', key: string, content: string) {
  const element = headElement(`meta[${attribute}="${key}"]`, () => {
    const meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    return meta;
  });
  element.setAttribute('content', content);
}

function setCanonical(href: string | undefined) {
  const existing = document.head.querySelector('link[rel="canonical"]');
  if (!href) return existing?.remove();
  const link = headElement('link[rel="canonical"]', () =>
    Object.assign(document.createElement('link'), { rel: 'canonical' }),
  );
  link.setAttribute('href', href);
}

function setRobots(noindex: boolean) {
  const existing = document.head.querySelector('meta[name="robots"]');
  if (!noindex) return existing?.remove();
  setMetaContent('name', 'robots', 'noindex');
}

export function applyHead(head: HeadValues) {
  document.title = head.title;
  setMetaContent('name', 'description', head.description);
  setCanonical(head.canonical);
  setRobots(head.noindex);
  setMetaContent('property', 'og:title', head.ogTitle);
  setMetaContent('property', 'og:description', head.description);
  setMetaContent('property', 'og:type', head.ogType);
  setMetaContent('property', 'og:image', head.ogImage);
  if (head.canonical) setMetaContent('property', 'og:url', head.canonical);
}

/**
 * Keeps <head> in step with the page after in-app navigation (the prerendered HTML already
 * carries the first page's tags, so on hydration this rewrites the same values).
 */
export function useDocumentMeta(meta: PageMeta | undefined) {
  useEffect(() => {
    if (meta) applyHead(headValues(meta, siteConfig.siteUrl));
  }, [meta]);
}
