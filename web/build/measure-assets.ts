/**
 * What each prerendered page makes the browser load: the page itself, the inlined or linked
 * stylesheets, the boot script with the entry and chunks it imports (its data-entry and
 * data-preload), read from the page's HTML, plus any chunk those import statically (from esbuild's
 * metafile) that the HTML did not name, and the data files it renders with (a blog page's JSON,
 * also in data-preload). Used by the size-budget test and the benchmark (`npm run bench`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { postPageKey, postPagePath } from '#shared/blog-site.ts';
import { DYNAMIC_PAGES, NOT_FOUND_PAGE } from '#shared/paths.ts';
import { pageFile } from './page-plan';

export interface Bytes {
  raw: number;
  gzip: number;
}

export interface PageAssetSizes {
  /** The page path ('/about'), the shell path, or '/404.html'. */
  page: string;
  /** The HTML document. */
  html: Bytes;
  js: Bytes;
  css: Bytes;
  /** The data files the boot script preloads (a blog post's or /blog's JSON). */
  data: Bytes;
  /** Site-relative URLs of every counted file but the document. */
  files: string[];
}

/**
 * The asset URLs a page's HTML loads (stylesheets; module scripts, modulepreloads, and the
 * entry and chunks the boot script imports) and the text of its inline <style> elements.
 */
export function assetUrlsInHtml(html: string): {
  scripts: string[];
  stylesheets: string[];
  inlineCss: string[];
  data: string[];
} {
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  const data = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    // The boot script (inline or not) names the entry, the page's chunks it imports and its data.
    const entry = /\bdata-entry="([^"]+)"/.exec(tag)?.[1];
    const started = [entry, ...(/\bdata-preload="([^"]+)"/.exec(tag)?.[1]?.split(' ') ?? [])];
    for (const url of started) {
      if (url?.startsWith('/assets/')) scripts.add(url);
      else if (url) data.add(url.replace(/&#39;/g, "'"));
    }
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url?.startsWith('/assets/')) continue;
    if (/\brel="stylesheet"/.test(tag)) stylesheets.add(url);
    else if (/^<script\b[^>]*type="module"/.test(tag) || /\brel="modulepreload"/.test(tag)) scripts.add(url);
  }
  const inlineCss = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
  return { scripts: [...scripts], stylesheets: [...stylesheets], inlineCss, data: [...data] };
}

/** Adds the chunks each script imports statically (transitively), as the browser will fetch them. */
function withStaticImports(scripts: string[], metafile: Metafile | undefined): string[] {
  if (!metafile) return scripts;
  const all = new Set(scripts);
  const queue = [...scripts];
  while (queue.length > 0) {
    const output = metafile.outputs[queue.pop()!.slice(1)];
    for (const dependency of output?.imports ?? []) {
      const url = `/${dependency.path}`;
      if (dependency.kind === 'import-statement' && !all.has(url)) {
        all.add(url);
        queue.push(url);
      }
    }
  }
  return [...all];
}

const bytesOf = (body: Buffer | string): Bytes => ({
  raw: Buffer.byteLength(body),
  gzip: gzipSync(body, { level: 9 }).length,
});

function sizer(distDir: string) {
  const cache = new Map<string, Bytes>();
  return (url: string): Bytes => {
    let bytes = cache.get(url);
    if (!bytes) {
      bytes = bytesOf(readFileSync(path.join(distDir, url)));
      cache.set(url, bytes);
    }
    return bytes;
  };
}

const sum = (sizes: Bytes[]): Bytes =>
  sizes.reduce((total, size) => ({ raw: total.raw + size.raw, gzip: total.gzip + size.gzip }), { raw: 0, gzip: 0 });

/**
 * Per page of web/dist (the pages of _routes.json, the posts the publisher wrote there, the
 * subscriber shells and the 404 page):
 * HTML, JavaScript, CSS and data bytes, raw and gzip (level 9). Pass the build's metafile (output paths
 * relative to distDir; web/.generated/client-metafile.json after `npm run build`) to count
 * static imports the HTML does not preload.
 */
export function measurePageAssets(distDir: string, metafile?: Metafile): PageAssetSizes[] {
  const { pages } = JSON.parse(readFileSync(path.join(distDir, '_routes.json'), 'utf8')) as { pages: string[] };
  // The blog's posts are the publisher's: measured where it wrote them into the directory.
  const postsDir = path.join(distDir, postPageKey('').split('/')[0]!);
  const slugs = existsSync(postsDir) ? readdirSync(postsDir) : [];
  const files = [
    ...pages.map((page) => ({ page, file: pageFile(page) })),
    ...slugs.map((slug) => ({ page: postPagePath(slug), file: postPageKey(slug) })),
    ...DYNAMIC_PAGES.map(({ shellPath }) => ({ page: shellPath, file: pageFile(shellPath) })),
    { page: NOT_FOUND_PAGE, file: NOT_FOUND_PAGE.slice(1) },
  ];
  const sizeOf = sizer(distDir);
  return files.map(({ page, file }) => {
    const html = readFileSync(path.join(distDir, file), 'utf8');
    const { scripts, stylesheets, inlineCss, data } = assetUrlsInHtml(html);
    const allScripts = withStaticImports(scripts, metafile);
    return {
      page,
      html: bytesOf(html),
      js: sum(allScripts.map(sizeOf)),
      css: sum([...stylesheets.map(sizeOf), ...inlineCss.map(bytesOf)]),
      data: sum(data.map(sizeOf)),
      files: [...stylesheets, ...allScripts, ...data],
    };
  });
}

/** Packages (from node_modules) whose code is in the given output files: e.g. is formik on this page? */
export function packagesIn(metafile: Metafile, urls: string[]): Set<string> {
  const packages = new Set<string>();
  for (const url of urls) {
    for (const input of Object.keys(metafile.outputs[url.slice(1)]?.inputs ?? {})) {
      const name = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      if (name) packages.add(name);
    }
  }
  return packages;
}
