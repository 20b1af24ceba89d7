import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

type Kind = 'html' | 'js' | 'css' | 'data';

export type RouteBytes = { path: string } & Record<Kind, { raw: number; gzip: number; files: string[] }>;

/** The kind of bytes a response carries, by the request's resource type; others (images) are not counted. */
const KINDS: Readonly<Record<string, Kind>> = { document: 'html', script: 'js', stylesheet: 'css', fetch: 'data' };

/**
 * What a visitor's browser actually downloads for a route: the document, every script and
 * stylesheet response and every fetch (a blog page's data) once the page is idle, plus the page's
 * inline <style> text, measured raw (decoded) and gzip-compressed.
 */
export async function measureRouteBytes(browser: Browser, baseUrl: string, paths: string[]): Promise<RouteBytes[]> {
  const results: RouteBytes[] = [];
  for (const routePath of paths) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const bodies: { url: string; type: Kind; body: Buffer }[] = [];
    page.on('response', async (response) => {
      const type = KINDS[response.request().resourceType()];
      // Data is what the page reads (GET), not what it sends (a visit's beacon).
      if (!type || (type === 'data' && response.request().method() !== 'GET')) return;
      try {
        bodies.push({ url: new URL(response.url()).pathname, type, body: await response.body() });
      } catch {
        // A response without a body (e.g. a redirect) adds no bytes.
      }
    });
    await page.goto(new URL(encodeURI(routePath), baseUrl).href, { waitUntil: 'networkidle' });
    // The stylesheet arrives inlined in the HTML: count its <style> text as the page's CSS.
    for (const css of await page.$$eval('style', (elements) => elements.map((element) => element.textContent ?? ''))) {
      bodies.push({ url: 'inline <style>', type: 'css', body: Buffer.from(css) });
    }
    await context.close();
    const sum = (type: Kind) => {
      const files = bodies.filter((b) => b.type === type);
      return {
        raw: files.reduce((n, f) => n + f.body.length, 0),
        gzip: files.reduce((n, f) => n + gzipSync(f.body, { level: 9 }).length, 0),
        files: files.map((f) => f.url),
      };
    };
    results.push({ path: routePath, html: sum('html'), js: sum('js'), css: sum('css'), data: sum('data') });
  }
  return results;
}
