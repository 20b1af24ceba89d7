import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface RouteBytes {
  path: string;
  js: { raw: number; gzip: number; files: string[] };
  css: { raw: number; gzip: number; files: string[] };
}

/**
 * What a visitor's browser actually downloads for a route: every script and stylesheet
 * response once the page is idle, plus the page's inline <style> text, measured raw (decoded) and gzip-compressed.
 */
export async function measureRouteBytes(browser: Browser, baseUrl: string, paths: string[]): Promise<RouteBytes[]> {
  const results: RouteBytes[] = [];
  for (const routePath of paths) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const bodies: { url: string; type: 'js' | 'css'; body: Buffer }[] = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      try {
        bodies.push({
          url: new URL(response.url()).pathname,
          type: type === 'script' ? 'js' : 'css',
          body: await response.body(),
        });
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
    const sum = (type: 'js' | 'css') => {
      const files = bodies.filter((b) => b.type === type);
      return {
        raw: files.reduce((n, f) => n + f.body.length, 0),
        gzip: files.reduce((n, f) => n + gzipSync(f.body, { level: 9 }).length, 0),
        files: files.map((f) => f.url),
      };
    };
    results.push({ path: routePath, js: sum('js'), css: sum('css') });
  }
  return results;
}
