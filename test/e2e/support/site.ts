import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { Locator, Page, Request, Response } from 'playwright-core';
import { PAGE_META } from '#web/content/pages/meta.ts';
import { documentTitle } from '#web/src/app/document-head.ts';
import { baseUrl } from './browser';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { CONSOLE_PLACEHOLDER } from '#web/build/console-shell.ts';
import { CONSOLE_PAGE } from '#shared/console/common.ts';

/**
 * What the site must serve, written from the spec (docs/spec/site-spec.md#2-screens-and-routes) so
 * a route that disappears from the build fails here instead of silently dropping out of the list.
 */
export const STATIC_PAGES: { path: string; title: string }[] = [
  { path: '/', title: PAGE_META.home.title },
  { path: '/about', title: PAGE_META.about.title },
  { path: '/candidate', title: PAGE_META.candidate.title },
  { path: '/employer', title: PAGE_META.employer.title },
  { path: '/employer/form', title: PAGE_META.scorecardForm.title },
  { path: '/contact', title: PAGE_META.contact.title },
  { path: '/privacy', title: PAGE_META.privacy.title },
  { path: '/terms-of-use', title: PAGE_META.terms.title },
  { path: '/blog', title: PAGE_META.blog.title },
].map((page) => ({ ...page, title: documentTitle(page.title) }));

export const FACETS_SLUG = "facets-of-jobs-why-it's-so-hard-to-hire-good-people";
export const LEGACY_ENGAGEMENT_PATH = '/friction-free-employment-engagement';
export const ENGAGEMENT_PATH = '/friction-free-employee-engagement';

/** Each post's title as its author wrote it (front matter of web/content/posts/*.md), by slug. */
export function postTitles(): Map<string, string> {
  const dir = path.join(REPO_ROOT, 'web', 'content', 'posts');
  const titles = new Map<string, string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.md'))) {
    const { data } = matter(readFileSync(path.join(dir, file), 'utf8'));
    titles.set(String(data.slug), String(data.title));
  }
  return titles;
}

/** The public page paths the build says it prerendered (web/dist/_routes.json). */
export function builtPagePaths(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'web', 'dist', '_routes.json'), 'utf8')) as {
    pages: string[];
  };
  return manifest.pages;
}

/** Every post route (the posts' front matter, newest first) with its expected document title. */
export function postPages(): { path: string; title: string; heading: string }[] {
  return [...postTitles()].map(([slug, heading]) => ({ path: `/${slug}`, title: documentTitle(heading), heading }));
}

export const NOT_FOUND_TITLE = documentTitle(PAGE_META.notFound.title);
export const UNSUBSCRIBE_TITLE = documentTitle(PAGE_META.unsubscribe.title);
export const SETTINGS_TITLE = documentTitle(PAGE_META.settings.title);

/** An absolute URL on the site; the path is percent-encoded as a browser would send it. */
export const siteUrl = (pathname: string) => new URL(encodeURI(pathname), baseUrl()).href;

/** A plain HTTP request, as a crawler or link preview makes it: no JavaScript, no redirects followed. */
export const fetchRaw = (pathOrUrl: string, init: RequestInit = {}) =>
  fetch(/^https?:/.test(pathOrUrl) ? pathOrUrl : siteUrl(pathOrUrl), { redirect: 'manual', ...init });

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references an HTML serializer writes. */
export const decodeHtml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1].toLowerCase() === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });

/** The text of the <title> in raw HTML, decoded. */
export function rawTitle(html: string): string | undefined {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  return match ? decodeHtml(match[1].trim()) : undefined;
}

/** The text inside the first <h1> of raw HTML, tags stripped and decoded. */
export function rawHeading(html: string): string | undefined {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  return match
    ? decodeHtml(match[1].replace(/<[^>]+>/g, ''))
        .replace(/\s+/g, ' ')
        .trim()
    : undefined;
}

/**
 * Resolves once React has hydrated the prerendered page, i.e. made its first commit (seen
 * through the probe openPage installs). Before that a click on a prerendered button does
 * nothing, and hydration warnings may not have been logged yet. Without the probe (a page
 * from elsewhere), it falls back to React's props on the header, which every page has.
 * The console is rendered, not hydrated: there it resolves once its first render has replaced the
 * shell's placeholder, the render that attaches its handlers.
 */
export async function waitForHydration(page: Page, timeout = 15_000) {
  await page.waitForFunction(
    ({ consolePage, placeholder }) => {
      if (window.location.pathname === consolePage || window.location.pathname.startsWith(`${consolePage}/`)) {
        const root = document.getElementById('root');
        return root !== null && root.childElementCount > 0 && !root.textContent?.includes(placeholder);
      }
      const probe = (window as unknown as { __e2eReact?: { injected: boolean; commits: number } }).__e2eReact;
      if (probe?.injected) return probe.commits > 0;
      const header = document.querySelector('header');
      return header !== null && Object.keys(header).some((key) => key.startsWith('__reactProps$'));
    },
    { consolePage: CONSOLE_PAGE, placeholder: CONSOLE_PLACEHOLDER },
    { timeout },
  );
}

/**
 * Opens a path like a visitor typing it, and waits until the page is interactive. If it never
 * hydrates, the error names the requests that failed (usually a script chunk), not just a timeout.
 */
export async function visit(page: Page, pathname: string) {
  const failures: string[] = [];
  const onResponse = (response: Response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  };
  const onFailed = (request: Request) => failures.push(`${request.failure()?.errorText ?? 'failed'} ${request.url()}`);
  const onPageError = (error: Error) => failures.push(`page error: ${error.message}`);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  page.on('pageerror', onPageError);
  try {
    const response = await page.goto(pathname, { waitUntil: 'load' });
    try {
      await waitForHydration(page);
    } catch (error) {
      throw new Error(
        `${pathname} did not hydrate: ${(error as Error).message.split('\n')[0]}\n  ${failures.join('\n  ') || 'no failed requests'}`,
      );
    }
    return response;
  } finally {
    page.off('response', onResponse);
    page.off('requestfailed', onFailed);
    page.off('pageerror', onPageError);
  }
}

/** Retries an assertion until it passes or time runs out (the last failure is rethrown). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/** The exact text content of an element (no whitespace normalisation: trailing spaces count). */
export const exactText = async (locator: Locator) => (await locator.textContent()) ?? '';

/** The element that describes a form control (its error), found through aria-describedby. */
export async function descriptionOf(control: Locator): Promise<Locator> {
  const ids = (await control.getAttribute('aria-describedby'))?.trim();
  if (!ids) throw new Error('The control has no aria-describedby, so no error is tied to it');
  return control.page().locator(
    ids
      .split(/\s+/)
      .map((id) => `[id="${id}"]`)
      .join(', '),
  );
}

/** True when the colour is visibly red: the red channel clearly dominates green and blue. */
export async function isRed(locator: Locator): Promise<boolean> {
  const color = await locator.evaluate((element) => getComputedStyle(element).color);
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return r > 120 && r > g * 1.8 && r > b * 1.8;
}

/** True when the colour is visibly green. */
export async function isGreen(locator: Locator): Promise<boolean> {
  const color = await locator.evaluate((element) => getComputedStyle(element).color);
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return g > 60 && g > r * 1.3 && g > b * 1.1;
}

/** Console messages every page must be free of, minus the browser's own note on a 404 document. */
export const withoutDocument404 = (errors: string[]) =>
  errors.filter((message) => !/Failed to load resource: the server responded with a status of 404/.test(message));
