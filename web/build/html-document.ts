import { escapeHtml } from '#shared/escape-html.ts';
import type { HeadValues } from '#web/src/app/document-head.ts';
import { moduleScriptElement, styleElement } from './csp-hashes';
import { SITE_ICON_FILE } from './site-icon';

/** The files one page loads, as site-relative URLs. */
export interface PageAssets {
  /** The boot script's file (web/src/boot.ts): it imports the entry after the first paint. */
  bootScript: string;
  /** The boot script's code, inlined as the page's only <script> (allowed by its CSP hash). */
  bootCode?: string;
  entryScript: string;
  /** Site-relative URLs of the stylesheets; linked only when their text is not inlined. */
  stylesheets: string[];
  /** The stylesheets' text, inlined as <style> elements instead of links (web/build/csp-hashes.ts). */
  inlineCss?: string[];
  /** Every JavaScript chunk the page needs besides the entry, fetched in parallel with it. */
  modulePreloads: string[];
  /** The data files the page renders with (a blog post's, /blog's), preloaded with the chunks. */
  dataFiles?: string[];
  /** The site icon as a `data:` URI (web/build/site-icon.ts); linked as /favicon.svg without it. */
  iconUri?: string;
}

export interface HtmlDocumentInput {
  head: HeadValues;
  assets: PageAssets;
  jsonLd?: Record<string, unknown>;
  /** `<link rel=preload>` tags React emitted for the page's first images (see hoistResourceLinks). */
  resourceLinks?: string[];
  /** The prerendered markup of the app's root. */
  bodyHtml: string;
  /** False for a page that must never run (the console's preview of a post): no boot script. */
  scripts?: boolean;
}

/**
 * React 19 starts its output with `<link rel="preload" as="image">` for the images at the top
 * of the page. They belong in <head> (and outside #root, which must hold only what the
 * client renders).
 */
export function hoistResourceLinks(renderedHtml: string): { resourceLinks: string[]; bodyHtml: string } {
  const leading = /^(?:<link\b[^>]*>)+/.exec(renderedHtml)?.[0] ?? '';
  return {
    resourceLinks: leading.match(/<link\b[^>]*>/g) ?? [],
    bodyHtml: renderedHtml.slice(leading.length),
  };
}

/** JSON inside <script> must not be able to close the element or open a comment. */
export const jsonForScript = (data: unknown) =>
  JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

function bootScriptTag({ bootScript, bootCode, entryScript, modulePreloads, dataFiles = [] }: PageAssets): string {
  const preloads = [...modulePreloads, ...dataFiles];
  const data = ` data-entry="${escapeHtml(entryScript)}"${
    preloads.length ? ` data-preload="${escapeHtml(preloads.join(' '))}"` : ''
  }`;
  if (bootCode === undefined) return `<script type="module" src="${escapeHtml(bootScript)}"${data}></script>`;
  return moduleScriptElement(bootCode, data);
}

export function headTags({
  head,
  assets,
  jsonLd,
  resourceLinks = [],
  scripts = true,
}: Omit<HtmlDocumentInput, 'bodyHtml'>): string[] {
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}">`] : []),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.ogTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.ogType),
    ...(head.canonical ? [meta('property', 'og:url', head.canonical)] : []),
    meta('property', 'og:image', head.ogImage),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:locale', 'en_CA'),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'theme-color', '#0f4c5c'),
    `<link rel="icon" href="${escapeHtml(assets.iconUri ?? `/${SITE_ICON_FILE}`)}" type="image/svg+xml">`,
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    // The stylesheet inlined (allowed by its hash in the CSP), so the first paint waits for no
    // other request; linked only when the caller has no text for it.
    ...(assets.inlineCss
      ? assets.inlineCss.map(styleElement)
      : assets.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)),
    // The first images (the LCP element is usually one of them) are the only requests the
    // HTML starts. No modulepreload: the boot script (inline, or its file when the caller has no
    // code for it) requests the entry and the page's chunks once the page has painted, so they
    // never compete with the first paint.
    ...resourceLinks,
    ...(scripts ? [bootScriptTag(assets)] : []),
    ...(jsonLd ? [`<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`] : []),
  ];
}

/**
 * A complete page. Its two inline elements, the stylesheet and the boot script, are allowed by
 * their CSP hashes (web/build/csp-hashes.ts, infra/cdk/site/security-headers.ts); the JSON-LD block
 * is data, not script, and CSP does not apply to it.
 */
export function htmlDocument(input: HtmlDocumentInput): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    ...headTags(input),
    '</head>',
    '<body>',
    `<div id="root">${input.bodyHtml}</div>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
