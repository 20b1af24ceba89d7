/**
 * The frame around every page (docs/spec/site-spec.md#2-screens-and-routes): header, footer, the
 * collapsible menu, how each header link navigates, scroll reset on in-app navigation, and the
 * back-to-top button.
 */
import type { Page } from 'playwright-core';
import { readSiteConfig } from '#web/build/site-config.ts';
import { DESKTOP, pagesForFile, PHONE, type Viewport } from './support/browser';
import { eventually, postPages, STATIC_PAGES, visit } from './support/site';

const MENU = ['Home', 'About', 'Candidate', 'Employer', 'Blog', 'Contact'];
const NEW_TAB_HINT = /\s*\(opens in a new tab\)$/;
/** The build reads the same settings (cdk.json context, overridable by env). */
const CANDIDATE_APP = new URL(readSiteConfig().candidateAppUrl);

const openPage = pagesForFile();

/** A fresh page at a width; every context is closed after the file. */
async function pageAt(viewport: Viewport): Promise<Page> {
  const { context, page } = await openPage(viewport);
  // The external candidate application is not reachable from a test machine: answer for it.
  await context.route(
    (url) => url.hostname === CANDIDATE_APP.hostname,
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Candidate application</title>' }),
  );
  return page;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const footer = (page: Page) => page.getByRole('contentinfo');
const menuToggle = (page: Page) => page.getByRole('button', { name: 'Menu' });

/** The visible words of each header link, in order (the screen-reader new-tab hint removed). */
async function menuLabels(page: Page) {
  const names = await mainNav(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => (link.textContent ?? '').replace(/\s+/g, ' ').trim()));
  return names.map((name) => name.replace(NEW_TAB_HINT, ''));
}

describe('header and footer on every page', () => {
  let page: Page;
  beforeAll(async () => {
    page = await pageAt(DESKTOP);
  });

  const everyPage = [...STATIC_PAGES, ...postPages(), { path: '/this-page-does-not-exist', title: '404' }];

  test.each(everyPage)('$path has the header and the right footer', async ({ path }) => {
    // Act
    await visit(page, path);

    // Assess: header
    const logo = page.getByRole('banner').getByRole('link', { name: 'Chinook Talent Partners home' });
    expect(await logo.getAttribute('href')).toBe('/');
    await expect(logo.getByRole('img').isVisible()).resolves.toBe(true);
    expect(await menuLabels(page)).toEqual(MENU);
    for (const label of MENU) {
      await expect(mainNav(page).getByRole('link', { name: label }).isVisible()).resolves.toBe(true);
    }

    // Assess: footer (none on the scorecard form)
    if (path === '/employer/form') {
      expect(await footer(page).count()).toBe(0);
      return;
    }
    const legal = footer(page);
    expect(await legal.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await legal.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms-of-use');
    await expect(legal.getByText('Accessibility', { exact: true }).isVisible()).resolves.toBe(true);
    expect(await legal.getByRole('link', { name: 'Accessibility' }).count()).toBe(0);
    expect(await legal.textContent()).toMatch(/©\s*2022 Chinook Talent Partners/);
  });

  test('the footer disappears when moving in-app from /employer to the scorecard form', async () => {
    // Prepare
    await visit(page, '/employer');
    await footer(page).waitFor();

    // Act
    await page.getByRole('main').getByRole('link', { name: 'Get the free Scorecard' }).first().click();
    await page.waitForURL('**/employer/form');

    // Assess
    await footer(page).waitFor({ state: 'detached' });
    await expect(page.getByRole('form', { name: 'Request the Human Relations Scorecard' }).isVisible()).resolves.toBe(
      true,
    );
  });
});

describe('menu toggle', () => {
  test('below 992 px the menu button expands and collapses the links', async () => {
    // Prepare
    const page = await pageAt(PHONE);
    await visit(page, '/');
    const toggle = menuToggle(page);
    const about = mainNav(page).getByRole('link', { name: 'About' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expect(about.isVisible()).resolves.toBe(false);

    // Act: open
    await toggle.click();

    // Assess
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await about.waitFor({ state: 'visible' });

    // Act: close
    await toggle.click();

    // Assess
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await about.waitFor({ state: 'hidden' });
  });

  test('following a link from the open menu closes it', async () => {
    // Prepare
    const page = await pageAt(PHONE);
    await visit(page, '/');
    await menuToggle(page).click();

    // Act
    await mainNav(page).getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL('**/blog');

    // Assess
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    await mainNav(page).getByRole('link', { name: 'About' }).waitFor({ state: 'hidden' });
    expect(await menuToggle(page).getAttribute('aria-expanded')).toBe('false');
  });

  test.each([
    { width: 991, toggle: true },
    { width: 992, toggle: false },
  ])('at $width px the toggle is shown: $toggle', async ({ width, toggle }) => {
    // Prepare
    const page = await pageAt({ width, height: 800 });

    // Act
    await visit(page, '/about');

    // Assess
    await expect(menuToggle(page).isVisible()).resolves.toBe(toggle);
    await expect(mainNav(page).getByRole('link', { name: 'Employer' }).isVisible()).resolves.toBe(!toggle);
  });
});

describe('how header links navigate', () => {
  test('Contact is a full page load, unlike the in-app Employer link', async () => {
    // Prepare
    const page = await pageAt(DESKTOP);
    await visit(page, '/about');
    await page.evaluate(() => Object.assign(window, { __e2eMarker: 'same document' }));

    // Act: an in-app link keeps the document (and the marker)
    await mainNav(page).getByRole('link', { name: 'Employer' }).click();
    await page.waitForURL('**/employer');
    const afterEmployer = await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker);

    // Act: Contact loads a new document
    await mainNav(page).getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL('**/contact', { waitUntil: 'load' });
    const afterContact = await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker);

    // Assess
    expect(afterEmployer).toBe('same document');
    expect(afterContact).toBeUndefined();
    await expect(page.getByRole('form', { name: 'Contact us' }).isVisible()).resolves.toBe(true);
  });

  test.each([
    { where: 'the header', path: '/', link: (page: Page) => mainNav(page).getByRole('link', { name: /^Candidate/ }) },
    {
      where: 'the home page card',
      path: '/',
      link: (page: Page) => page.getByRole('main').getByRole('link', { name: /^Find your fit/ }),
    },
  ])('Candidate in $where opens the candidate application in a new tab', async ({ path, link }) => {
    // Prepare
    const page = await pageAt(DESKTOP);
    await visit(page, path);
    const candidate = link(page);
    expect(await candidate.getAttribute('target')).toBe('_blank');
    expect((await candidate.getAttribute('rel'))?.split(/\s+/)).toContain('noopener');

    // Act
    const [popup] = await Promise.all([page.context().waitForEvent('page'), candidate.click()]);
    await popup.waitForLoadState();

    // Assess
    expect(new URL(popup.url()).origin).toBe(CANDIDATE_APP.origin);
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
  });
});

describe('scroll position', () => {
  const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

  test('an in-app footer link opens the next page at the top', async () => {
    // Prepare
    const page = await pageAt(PHONE);
    await visit(page, '/about');
    await footer(page).getByRole('link', { name: 'Privacy Policy' }).scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(300);

    // Act
    await footer(page).getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();

    // Assess
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 2_000 });
  });

  test('a Read More link far down the blog opens the post at the top', async () => {
    // Prepare
    const page = await pageAt(PHONE);
    await visit(page, '/blog');
    const post = postPages()[12];
    const escaped = post.heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const readMore = page.getByRole('link', { name: new RegExp(`^Read More\\s*:\\s*${escaped}$`) });
    await readMore.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(1_000);

    // Act
    await readMore.click();
    await page.waitForURL((url) => decodeURI(url.pathname) === post.path);
    await page.getByRole('heading', { level: 1, name: post.heading }).waitFor();

    // Assess
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 2_000 });
  });
});

describe('back to top', () => {
  test.each(['/quiet-quitting', '/privacy'])('on %s it appears past 50 px and scrolls to the top', async (path) => {
    // Prepare
    const page = await pageAt(PHONE);
    await visit(page, path);
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    const scrollTo = (y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await expect(backToTop.isVisible()).resolves.toBe(false);

    // Act + Assess: the 50 px threshold, both ways
    await scrollTo(60);
    await backToTop.waitFor({ state: 'visible' });
    await scrollTo(40);
    await backToTop.waitFor({ state: 'hidden' });
    await scrollTo(1_500);
    await backToTop.waitFor({ state: 'visible' });

    // Act
    await backToTop.click();

    // Assess (the smooth scroll takes a moment; the message shows where it stopped)
    await eventually(async () => expect(await page.evaluate(() => window.scrollY)).toBe(0), 5_000);
    await backToTop.waitFor({ state: 'hidden' });
    // The button hid under the pointer: focus must land somewhere useful, not fall to <body>.
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
  });
});
