/** @jest-environment node */
import path from 'node:path';
import { DYNAMIC_PAGES, sitePaths } from '#shared/paths.ts';
import { headValues } from '#web/src/app/document-head.ts';
import { PAGE_ROUTES } from '#web/src/app/routing.tsx';
import { headTags, hoistResourceLinks, htmlDocument, jsonForScript } from '#web/build/html-document.ts';
import { planPages, robotsTxt, routesManifest, sitemapXml } from '#web/build/page-plan.ts';

const SITE = 'https://www.example.ca';
const pages = planPages(PAGE_ROUTES);
const byUrl = (url: string) => pages.find((page) => page.url === url)!;

describe('the prerender plan', () => {
  it('lists every page of the spec, the subscriber and confirmation shells and the 404 page', () => {
    const urls = routesManifest(pages).pages;
    for (const path of [
      '/',
      '/about',
      '/candidate',
      '/employer',
      '/employer/form',
      '/contact',
      '/privacy',
      '/terms-of-use',
      '/blog',
    ]) {
      expect(urls).toContain(path);
    }
    expect(byUrl('/blog').kind).toBe('blog');
    expect(pages.filter((page) => page.kind === 'shell').map((page) => page.file)).toEqual(
      DYNAMIC_PAGES.map((page) => `${page.shellPath.slice(1)}/index.html`),
    );
    expect(pages.filter((page) => page.kind === 'not-found').map((page) => page.file)).toEqual(['404.html']);
  });

  it("leaves the posts to the blog's renderer: no page of the plan, one route resolved by data", () => {
    expect(pages.filter((page) => page.handle.blog === 'post')).toEqual([]);
    expect(PAGE_ROUTES.filter((route) => route.handle.blog === 'post').map((route) => route.path)).toEqual(['/:slug']);
  });

  it('renders the 404 page at a path only the catch-all route matches (a one-segment path could be a post)', () => {
    const notFound = pages.find((page) => page.kind === 'not-found')!;
    expect(notFound.url.split('/').filter(Boolean).length).toBeGreaterThan(1);
  });

  it('writes / to index.html and other pages to <path>/index.html', () => {
    expect(byUrl('/').file).toBe('index.html');
    expect(byUrl('/employer/form').file).toBe('employer/form/index.html');
  });

  it('keeps _routes.json to public pages: decoded, no trailing slash, no shells, no 404, no redirects', () => {
    const urls = routesManifest(pages).pages;
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.filter((url) => url !== '/' && url.endsWith('/'))).toEqual([]);
    expect(
      urls.some((url) => url.includes('%') || url.includes(':') || url.includes('_shell') || url.includes('404')),
    ).toBe(false);
    expect(urls).not.toContain(sitePaths.legacyEngagementPost);
  });

  it('names, for the build, the very file each route imports lazily', async () => {
    for (const route of PAGE_ROUTES) {
      const { default: page } = await route.page();
      const { default: named } = (await import(path.resolve(__dirname, '../../..', route.handle.source))) as {
        default: unknown;
      };
      expect({ path: route.path, page }).toEqual({ path: route.path, page: named });
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  const sitemap = sitemapXml(pages, SITE);

  it("lists the build's public pages with absolute URLs, and leaves the blog to the blog's sitemap", () => {
    expect(sitemap).toContain(`<loc>${SITE}/</loc>`);
    expect(sitemap).toContain(`<loc>${SITE}/about</loc>`);
    expect(sitemap).not.toContain('/blog');
    expect(sitemap.match(/<url>/g)).toHaveLength(routesManifest(pages).pages.length - 1);
  });

  it('leaves out the subscriber and confirmation pages and the 404 page', () => {
    expect(sitemap).not.toMatch(/\/unsubscribe\/|\/setting\/|\/confirm\/|_shell|404/);
  });

  it("points robots.txt at the build's sitemap, the blog's and the newsletter archive's, by absolute URL", () => {
    const sitemaps = robotsTxt(SITE)
      .split('\n')
      .filter((line) => line.startsWith('Sitemap:'));
    expect(sitemaps).toEqual([
      `Sitemap: ${SITE}/sitemap.xml`,
      `Sitemap: ${SITE}/blog-sitemap.xml`,
      `Sitemap: ${SITE}/newsletter-sitemap.xml`,
    ]);
  });
});

describe('head tags', () => {
  const assets = {
    bootScript: '/assets/boot-B.js',
    bootCode: 'start()',
    entryScript: '/assets/entry-client-X.js',
    stylesheets: ['/assets/entry-client-X.css'],
    inlineCss: ['body{margin:0}'],
    modulePreloads: ['/assets/about-Y.js', '/assets/chunk-Z.js'],
  };

  it('describes a public page: title, description, canonical, Open Graph, assets', () => {
    const about = byUrl('/about').handle;
    const tags = headTags({ head: headValues(about.meta, SITE), assets }).join('\n');
    expect(tags).toContain('<title>About us | Chinook Talent Partners</title>');
    expect(tags).toMatch(/<meta name="description" content="[^"]+">/);
    expect(tags).toContain(`<link rel="canonical" href="${SITE}/about">`);
    expect(tags).toContain(`<meta property="og:url" content="${SITE}/about">`);
    expect(tags).toContain(`<meta property="og:image" content="${SITE}/images/og-default.png">`);
    expect(tags).toContain('<meta property="og:site_name" content="Chinook Talent Partners">');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    // The stylesheet inlined; the boot script starts the entry and the page's chunks after the first paint.
    expect(tags).toContain('<style>body{margin:0}</style>');
    expect(tags).not.toContain('rel="stylesheet"');
    expect(tags).not.toContain('modulepreload');
    expect(tags).toContain(
      '<script type="module" data-entry="/assets/entry-client-X.js" data-preload="/assets/about-Y.js /assets/chunk-Z.js">start()</script>',
    );
    // Without their text, the stylesheet and the boot script are linked.
    const linked = headTags({
      head: headValues(about.meta, SITE),
      assets: { ...assets, inlineCss: undefined, bootCode: undefined },
    }).join('\n');
    expect(linked).toContain('<link rel="stylesheet" href="/assets/entry-client-X.css">');
    expect(linked).toContain('<script type="module" src="/assets/boot-B.js" data-entry="/assets/entry-client-X.js"');
    expect(tags).not.toContain('noindex');
  });

  it("names a blog page's data file among what the boot script preloads, and no script in a still page", () => {
    const head = headValues(byUrl('/about').handle.meta, SITE);
    const tags = headTags({ head, assets: { ...assets, dataFiles: ['/blog-data/catalog.json'] } }).join('\n');
    expect(tags).toContain(
      'data-preload="/assets/about-Y.js /assets/chunk-Z.js /blog-data/catalog.json">start()</script>',
    );
    expect(headTags({ head, assets, scripts: false }).join('\n')).not.toContain('<script');
  });

  it('keeps subscriber pages and the 404 page out of search results', () => {
    for (const page of pages.filter((p) => p.kind === 'shell' || p.kind === 'not-found')) {
      const tags = headTags({ head: headValues(page.handle.meta, SITE), assets }).join('\n');
      expect(tags).toContain('<meta name="robots" content="noindex">');
      expect(tags).not.toContain('rel="canonical"');
    }
  });

  it('describes the firm as an Organization on the home page', () => {
    const home = byUrl('/').handle;
    expect(home.meta.jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Chinook Talent Partners',
    });
    expect(home.meta.description).toMatch(
      /connects employers and candidates through coaching, assessments and resources/,
    );
  });

  it('writes JSON-LD that cannot close its script element', () => {
    expect(jsonForScript({ text: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });

  it('moves React’s image preloads out of the app root into <head>', () => {
    const { resourceLinks, bodyHtml } = hoistResourceLinks(
      '<link rel="preload" as="image" href="/a.svg"/><a href="#main">Skip</a>',
    );
    expect(resourceLinks).toEqual(['<link rel="preload" as="image" href="/a.svg"/>']);
    expect(bodyHtml).toBe('<a href="#main">Skip</a>');
  });

  it('writes a complete document whose only inline elements are the stylesheet and the boot script', () => {
    const html = htmlDocument({
      head: headValues(byUrl('/').handle.meta, SITE),
      assets,
      bodyHtml: '<main></main>',
      jsonLd: { a: 1 },
    });
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toEqual([
      expect.stringMatching(/^<script type="module" data-entry=/),
      '<script type="application/ld+json">',
    ]);
    expect(html.match(/<style[\s>]/g)).toEqual(['<style>']);
    expect(html).not.toMatch(/\sstyle=/);
  });
});
