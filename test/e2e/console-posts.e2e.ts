/**
 * The Posts screen in a real browser, the issue's journey (issue 31): signed in with a passkey, the
 * owner writes a post with a banner image and its alt text (resized in the browser, uploaded), sees
 * the preview at a computer's width and at 390 px, schedules it, and once the twin's clock has moved
 * past the time the post is at its path, first on /blog, in the blog's sitemap and RSS feed, with the
 * right previous and next links on it and on its neighbour; a changed address answers 301 from the
 * old one; an earlier revision restored and published is what the page shows; unpublished, the path
 * answers 404 and the lists no longer name it. axe finds nothing on any state, at 1280 and 390 px,
 * where nothing scrolls sideways; the browser logs no CSP error.
 */
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { baseUrl, DESKTOP, pagesForFile, PHONE, scrollsSideways } from './support/browser';
import { enrolAndSignIn, navLinksOutOfView, screenshots, screenTitled } from './support/console';
import { decodeHtml, eventually, fetchRaw, rawHeading, siteUrl } from './support/site';

const openPage = pagesForFile();

/** This run's words, so nothing another journey or an earlier run wrote can match them. */
const RUN = Date.now().toString(36);
const TITLE = `Hiring in Alberta, a browser's view ${RUN}`;
const SLUG = `hiring-in-alberta-a-browsers-view-${RUN}`;
const MOVED_SLUG = `alberta-hiring-${RUN}`;
const ALT = `A hiring manager and a candidate shaking hands (${RUN})`;
/** Each body's own sentence: the page shows the revision that carries it. */
const FIRST_BODY = `The first words of this post (${RUN}).\n\nHiring here takes patience.`;
const SECOND_BODY = `${FIRST_BODY}\n\nA sentence added later (${RUN}).`;
const THIRD_BODY = `${SECOND_BODY}\n\nA sentence that is taken back (${RUN}).`;

const FRAME = 'iframe.console-preview__frame';
const SAVED = /^Every change is saved\./;
const WAITING = 'Unsaved changes: they are saved when you pause typing, and kept on this device until then.';

/** axe on the console as it is, but inside the preview's frame, where no script may run. */
const consoleAxe = (page: Page, label: string) => axeViolations(page, label, [FRAME]);

/** Waits until what was just typed is saved (the status says so after the pause). */
async function saved(page: Page) {
  await page.getByText(WAITING).waitFor();
  await page.getByText(SAVED).waitFor({ timeout: 20_000 });
}

/** The preview frame's document (sandboxed: read as the frame's content, not through locators). */
async function previewShows(page: Page, text: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    const html = await Promise.race([frame?.content().catch(() => ''), pause(1000).then(() => '')]);
    if (html?.includes(text)) return html;
    if (Date.now() > deadline) throw new Error(`The preview did not show "${text}" within ${timeoutMs / 1000}s`);
    await pause(200);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A photo-sized PNG the browser draws (1600 × 900): the banner is resized to the blog's 1200 wide. */
const bannerPng = async (page: Page) =>
  Buffer.from(
    await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 1600;
      canvas.height = 900;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#0f4c5c';
      context.fillRect(0, 0, 1600, 900);
      context.fillStyle = '#e8a25e';
      context.fillRect(200, 200, 1200, 500);
      return canvas.toDataURL('image/png').split(',')[1]!;
    }),
    'base64',
  );

/** The twin's clock moved on (infra/local/queues-and-schedules/clock-control.ts), as time passing would. */
async function moveClock(seconds: number) {
  const response = await fetch(`${baseUrl()}/_local/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  expect(response.status).toBe(200);
}

const text = async (path: string) => {
  const response = await fetchRaw(path, { cache: 'no-store' });
  return { status: response.status, body: await response.text(), location: response.headers.get('location') };
};

/** The href of a page's link with this rel (the previous and next post links), or undefined. */
const linkWithRel = (html: string, rel: 'prev' | 'next') => {
  const tag = new RegExp(`<a\\b[^>]*\\brel="${rel}"[^>]*>`).exec(html)?.[0];
  return tag ? decodeHtml(/\bhref="([^"]*)"/.exec(tag)?.[1] ?? '') : undefined;
};

/** The titles the blog's list shows, in order. */
const blogTitles = (html: string) =>
  [...html.matchAll(/<h2 class="post-card-title">([\s\S]*?)<\/h2>/g)].map(([, title]) => decodeHtml(title!));
/** The first link of the blog's list (the newest post's path). */
const firstCardPath = (html: string) => decodeHtml(/class="post-card-link" href="([^"]+)"/.exec(html)?.[1] ?? '');

/** The titles of the RSS feed's items, in order. */
const feedTitles = (xml: string) =>
  [...xml.matchAll(/<item>[\s\S]*?<title>([\s\S]*?)<\/title>/g)].map(([, title]) =>
    decodeHtml(title!.replace(/^<!\[CDATA\[|\]\]>$/g, '')),
  );

/** Publishes the saved post now from its page and waits until the site serves it. */
async function publishNow(page: Page, path: string) {
  await page.getByRole('button', { name: 'Publish now' }).click();
  await page.getByRole('button', { name: 'Yes, publish it now' }).click();
  await page.getByText(`Done: ${path} is on the site.`).waitFor({ timeout: 30_000 });
}

describe('Posts, from a new draft to the site, moved, restored and taken down', () => {
  let page: Page;
  /** The newest post before this one: its neighbour once published. */
  let neighbour: { path: string; title: string };
  /** What the browser logged about the Content-Security-Policy (the preview's frame inherits it). */
  const cspErrors: string[] = [];

  beforeAll(async () => {
    ({ page } = await openPage(DESKTOP));
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await enrolAndSignIn(page, 'Leads');
    const blog = await text('/blog');
    neighbour = { path: firstCardPath(blog.body), title: blogTitles(blog.body)[0]! };
  });

  test('1. a new post saves itself as it is written, each pause a revision', async () => {
    // Act
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Posts' }).click();
    await screenTitled(page, 'Posts');

    // Assess
    expect(await consoleAxe(page, '/admin/posts')).toEqual([]);
    await screenshots(page, 'posts');

    // Act
    await page.getByRole('link', { name: 'New post' }).click();
    await screenTitled(page, 'New post');
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await page.getByText(`/${SLUG} is free.`).waitFor();
    await page.getByLabel('Body').fill(FIRST_BODY);

    // Assess: created by its first save, the address the post's own
    await screenTitled(page, TITLE);
    await page.getByText(SAVED).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/posts\/[A-Za-z0-9_-]{22}$/);
    await expect(page.getByLabel('Address').inputValue()).resolves.toBe(SLUG);

    // Act: a second revision
    await page.getByLabel('Body').fill(SECOND_BODY);
    await saved(page);

    // Assess
    expect(await consoleAxe(page, '/admin/posts/<id>')).toEqual([]);
  });

  test('1b. its banner is resized in the browser, uploaded with its alt text, and in the preview', async () => {
    // Act: the banner, its alt text first
    const banner = page.getByRole('group', { name: 'Banner image' });
    await banner.getByLabel('Alt text: what the image shows, for people who cannot see it').fill(ALT);
    await banner
      .getByLabel(/^An image from this device/)
      .setInputFiles({ name: 'handshake.png', mimeType: 'image/png', buffer: await bannerPng(page) });
    await banner.getByRole('button', { name: 'Upload the image' }).click();

    // Assess: resized to the blog's width, then saved with the post
    await banner.getByText('Image uploaded: 1200 × 675 pixels.').waitFor({ timeout: 30_000 });
    await saved(page);
    await expect(banner.getByRole('img', { name: ALT }).getAttribute('width')).resolves.toBe('1200');

    // Assess: the page's preview shows it, described
    expect(await previewShows(page, `alt="${ALT}"`)).toMatch(/width="1200" height="675"/);
    expect(await consoleAxe(page, '/admin/posts/<id> (banner)')).toEqual([]);
  });

  test('2. the preview shows the page as the site will, at a computer’s width and at 390 px, under the console’s CSP', async () => {
    // Assess: the site's own page, with the banner and its words
    const html = await previewShows(page, `A sentence added later (${RUN}).`);
    expect(html).toContain(TITLE);
    expect(html).not.toContain('<script');
    await expect(page.locator(FRAME).getAttribute('sandbox')).resolves.toBe('allow-same-origin');
    // axe leaves the frame out (consoleAxe): its name, checked here
    await expect(page.locator(FRAME).getAttribute('title')).resolves.toBe('The post as the site will show it');
    expect(await page.locator(FRAME).evaluate((frame) => frame.clientWidth)).toBeGreaterThanOrEqual(1024);

    // Act
    await page.getByRole('radio', { name: 'Phone width (390 px)' }).check();

    // Assess
    expect(await page.locator(FRAME).evaluate((frame) => frame.clientWidth)).toBe(390);
    expect(cspErrors).toEqual([]);
    await screenshots(page, 'post');
  });

  test('3. scheduled, then the twin’s clock moved past it: at its path, first on /blog, in the sitemap and the feed, between the right neighbours', async () => {
    // Prepare: two hours ahead on the firm's clock, as the page's own zone data reads it
    const { day, time } = await page.evaluate(() => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-CA', {
          timeZone: 'America/Edmonton',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(Date.now() + 2 * 3600_000)
          .map(({ type, value }) => [type, value]),
      );
      return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
    });

    // Act
    await page.getByRole('radio', { name: 'At a date and time (Alberta time)' }).check();
    await page.getByLabel('Date (Alberta time)', { exact: true }).fill(day);
    await page.getByLabel('Time (Alberta time)', { exact: true }).fill(time);
    await page.getByRole('button', { name: 'Schedule the publish' }).click();
    await page.getByRole('button', { name: 'Yes, schedule it' }).click();

    // Assess: said, and nothing on the site before its time
    await page.getByText(/^The post will be published on .* \(Alberta time\), at /).waitFor();
    await page.getByText(/^Scheduled for .* Alberta time: revision \d+ will be published at /).waitFor();
    expect((await text(`/${SLUG}`)).status).toBe(404);
    expect(await consoleAxe(page, '/admin/posts/<id> (scheduled)')).toEqual([]);

    // Act
    await moveClock(3 * 3600);

    // Assess: the page, with its banner and its words, then every list, newest first
    const served = await eventually(async () => {
      const answer = await text(`/${SLUG}`);
      expect(answer.status).toBe(200);
      return answer.body;
    }, 30_000);
    expect(rawHeading(served)).toBe(TITLE);
    expect(served).toContain(`A sentence added later (${RUN}).`);
    const blog = await text('/blog');
    expect(blogTitles(blog.body)[0]).toBe(TITLE);
    expect((await text('/blog-sitemap.xml')).body).toContain(`<loc>${siteUrl(`/${SLUG}`)}</loc>`);
    expect(feedTitles((await text('/rss.xml')).body)[0]).toBe(TITLE);

    // Assess: the console says it is on the site
    await page.reload();
    await screenTitled(page, TITLE);
    await page.getByText(`On the site at /${SLUG}, as saved.`).waitFor();

    // Assess: the newest post has no previous; its next is the former newest, whose previous it is
    expect(linkWithRel(served, 'prev')).toBeUndefined();
    expect(linkWithRel(served, 'next')).toBe(neighbour.path);
    expect(linkWithRel((await text(neighbour.path)).body, 'prev')).toBe(`/${SLUG}`);

    // Assess: its banner, described (1b)
    expect(served).toMatch(new RegExp(`<img[^>]*alt="${ALT.replace(/[()]/g, '\\$&')}"[^>]*>`));
  });

  test('4. its address changed and published: the old path answers 301 to the new one', async () => {
    // Act
    await page.getByLabel('Address').fill(MOVED_SLUG);
    await saved(page);
    await publishNow(page, `/${MOVED_SLUG}`);

    // Assess
    const old = await text(`/${SLUG}`);
    expect(old.status).toBe(301);
    expect(new URL(old.location!, baseUrl()).pathname).toBe(`/${MOVED_SLUG}`);
    expect((await text(`/${MOVED_SLUG}`)).status).toBe(200);
    expect(linkWithRel((await text(neighbour.path)).body, 'prev')).toBe(`/${MOVED_SLUG}`);
  });

  test('5. an earlier revision restored and published: the page shows it again', async () => {
    // Prepare: a later revision on the site
    await page.getByLabel('Body').fill(THIRD_BODY);
    await saved(page);
    await publishNow(page, `/${MOVED_SLUG}`);
    expect((await text(`/${MOVED_SLUG}`)).body).toContain(`A sentence that is taken back (${RUN}).`);
    await page.getByRole('button', { name: 'Show the revisions' }).click();
    const revisions = page.getByRole('list', { name: 'Revisions, newest first' });
    await revisions.waitFor();
    const latest = Number(
      /^Revision (\d+)/.exec((await revisions.getByRole('listitem').first().textContent()) ?? '')![1],
    );

    // Act: the one before the last
    await page.getByRole('button', { name: 'Compare' }).click();
    const compared = page.getByRole('region', { name: `From revision ${latest - 1} to revision ${latest}` });
    await compared.getByText(`Added: A sentence that is taken back (${RUN}).`).waitFor();
    expect(await consoleAxe(page, '/admin/posts/<id> (revisions)')).toEqual([]);
    await page.getByRole('button', { name: `Restore revision ${latest - 1}` }).click();
    await page.getByRole('button', { name: 'Yes, restore it' }).click();

    // Assess
    await page.getByText(`Revision ${latest - 1} restored as the latest; nothing was lost.`).waitFor();
    await expect(page.getByLabel('Body').inputValue()).resolves.toBe(SECOND_BODY);

    // Act
    await publishNow(page, `/${MOVED_SLUG}`);

    // Assess
    const page5 = (await text(`/${MOVED_SLUG}`)).body;
    expect(page5).toContain(`A sentence added later (${RUN}).`);
    expect(page5).not.toContain(`A sentence that is taken back (${RUN}).`);
  });

  test('6. unpublished: the path answers 404 and the lists no longer name it', async () => {
    // Act
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByRole('button', { name: 'Yes, take it down' }).click();

    // Assess
    await page
      .getByText(`Done: /${MOVED_SLUG} answers "page not found" and the blog no longer lists it.`)
      .waitFor({ timeout: 30_000 });
    expect((await text(`/${MOVED_SLUG}`)).status).toBe(404);
    expect(blogTitles((await text('/blog')).body)).not.toContain(TITLE);
    expect((await text('/blog-sitemap.xml')).body).not.toContain(MOVED_SLUG);
    expect(feedTitles((await text('/rss.xml')).body)).not.toContain(TITLE);
    expect(linkWithRel((await text(neighbour.path)).body, 'prev')).not.toBe(`/${MOVED_SLUG}`);
    await page.getByText(`Taken down: /${MOVED_SLUG} answers "page not found".`).waitFor();
    expect(await consoleAxe(page, '/admin/posts/<id> (taken down)')).toEqual([]);
  });

  test('7. at 390 px the list and the post fit the screen, without sideways scrolling; no CSP error all along', async () => {
    // Prepare
    await page.setViewportSize(PHONE);

    // Act
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Posts' }).click();
    await page.getByRole('link', { name: TITLE }).waitFor();

    // Assess
    expect(await navLinksOutOfView(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await consoleAxe(page, '/admin/posts at 390 px')).toEqual([]);

    // Act
    await page.getByRole('link', { name: TITLE }).click();
    await screenTitled(page, TITLE);
    await previewShows(page, TITLE);

    // Assess: the computer-width preview too scrolls inside its box, not the page
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole('radio', { name: 'Phone width (390 px)' }).check();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await consoleAxe(page, '/admin/posts/<id> at 390 px')).toEqual([]);
    expect(cspErrors).toEqual([]);
    await page.setViewportSize(DESKTOP);
  });
});
