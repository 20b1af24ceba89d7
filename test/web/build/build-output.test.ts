/**
 * @jest-environment node
 *
 * Builds the whole site once into a temporary directory and checks what would be deployed:
 * the files, the manifests, the CSP rules for HTML, and the size budgets (docs/architecture.md#the-website, #tests).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { RENDER_KIT_KEY, postPageKey, type RenderKit } from '#shared/blog-site.ts';
import { DYNAMIC_PAGES } from '#shared/paths.ts';
import { readSeedPosts } from '#web/build/blog-content.ts';
import { buildSite, type BuildResult } from '#web/build/build.ts';
import { cspHash, readCspHashes } from '#web/build/csp-hashes.ts';
import { CONSOLE_SHELL_FILE } from '#web/build/console-shell.ts';
import { COMPILE_HINT, CONSOLE_ASSETS_DIR } from '#web/build/esbuild-options.ts';
import { measurePageAssets, packagesIn, type PageAssetSizes } from '#web/build/measure-assets.ts';
import { securityHeaders } from '#infra/cdk/site/security-headers.ts';
import { renderBlogObjects } from '#web/render/blog-site.tsx';

const KB = 1024;
const BUDGET = { homeJsGzip: 110 * KB, cssGzipPerPage: 30 * KB, consoleJsGzip: 160 * KB, consoleChartsGzip: 2 * KB };
/** Pages that render a form: the only ones allowed to load formik and yup (not the one-button confirmation pages). */
const FORM_PAGES = [
  '/candidate',
  '/contact',
  '/employer/form',
  ...DYNAMIC_PAGES.filter((page) => !page.pattern.startsWith('/confirm/')).map((page) => page.shellPath),
];

const FACETS = "facets-of-jobs-why-it's-so-hard-to-hire-good-people";

let outDir: string;
let result: BuildResult;
/** Every file the build wrote (before the publisher's blog is added). */
let builtKeys: string[];
let sizes: PageAssetSizes[];
const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
/** The CSP hashes of a document's inline stylesheets and scripts (not its JSON-LD data), in order. */
const inlineHashesOf = (html: string) => ({
  styles: [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => cspHash(css!)),
  scripts: [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !attributes!.includes('application/ld+json'))
    .map(([, , code]) => cspHash(code!)),
});

/** Every public page: the build's and the blog's, as the publisher writes it with this build's render kit. */
const everyPage = () => [
  ...result.pages.map(({ url, file }) => ({ url, file })),
  ...readdirSync(path.join(outDir, 'blog-posts')).map((slug) => ({ url: `/${slug}`, file: postPageKey(slug) })),
];

beforeAll(async () => {
  outDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'site-build-')), 'dist');
  result = await buildSite({
    outDir,
    config: {
      siteUrl: 'https://www.example.ca',
      candidateAppUrl: 'https://apply.example.ca',
      bookCallUrl: 'https://book.example.ca/call',
    },
  });
  // The blog as the site's publisher writes it after the build, with its render kit.
  builtKeys = readdirSync(outDir, { recursive: true }) as string[];
  const blog = renderBlogObjects(await readSeedPosts(), result.kit, result.config.siteUrl);
  for (const { key, body } of blog) {
    mkdirSync(path.dirname(path.join(outDir, key)), { recursive: true });
    writeFileSync(path.join(outDir, key), body);
  }
  sizes = measurePageAssets(outDir, result.metafile);
}, 120_000);

afterAll(() => rmSync(path.dirname(outDir), { recursive: true, force: true }));

describe('npm run build', () => {
  it('writes every page, the shells, the 404 page and the manifests', () => {
    for (const file of [
      'index.html',
      'about/index.html',
      'employer/form/index.html',
      'terms-of-use/index.html',
      RENDER_KIT_KEY,
      ...DYNAMIC_PAGES.map((page) => `${page.shellPath.slice(1)}/index.html`),
      '404.html',
      'sitemap.xml',
      'robots.txt',
      'favicon.svg',
      'images/logo.svg',
    ]) {
      expect(builtKeys).toContain(file);
    }
    const manifest = JSON.parse(read('_routes.json')) as { pages: string[] };
    expect(manifest.pages).toEqual(
      result.pages.filter((page) => page.kind === 'page' || page.kind === 'blog').map((page) => page.url),
    );
    // /blog is routed to the object its publisher writes; no post is a page of the build.
    expect(manifest.pages).toContain('/blog');
    expect(manifest.pages).not.toContain(`/${FACETS}`);
  });

  it("leaves the blog to the site's publisher: no post, /blog, blog data, feed or blog sitemap in the build", () => {
    const blogKeys = builtKeys.filter((key) =>
      /^(blog|blog-posts|blog-data)(\/|$)|^rss\.xml$|^blog-sitemap\.xml$/.test(key),
    );
    expect(blogKeys).toEqual([]);
    expect(builtKeys.filter((key) => key.startsWith(FACETS))).toEqual([]);
  });

  it("leaves a render kit that renders the blog's pages as the build's own: same inline stylesheet and boot script, the client's settings", () => {
    const kit = JSON.parse(read(RENDER_KIT_KEY)) as RenderKit;
    expect(kit).toEqual(result.kit);
    expect(kit.config).toEqual(result.config);
    const about = read('about/index.html');
    const post = read(`blog-posts/${FACETS}/index.html`);
    expect(inlineHashesOf(post)).toEqual(inlineHashesOf(about));
    for (const page of [kit.pages.post, kit.pages.index]) {
      for (const file of [page.bootScript, page.entryScript, ...page.modulePreloads]) {
        expect(existsSync(path.join(outDir, file))).toBe(true);
      }
    }
    expect(post).toContain(`data-entry="${kit.pages.post.entryScript}"`);
    const dataFile = '/blog-data/posts/facets-of-jobs-why-it&#39;s-so-hard-to-hire-good-people.json';
    expect(post).toContain(`data-preload="${[...kit.pages.post.modulePreloads, dataFile].join(' ')}"`);
  });

  it('prerenders real content with the configured URLs', () => {
    const home = read('index.html');
    expect(home).toContain('You have a lot to offer. We see it.');
    expect(home).toContain('href="https://apply.example.ca"');
    expect(home).toContain('<link rel="canonical" href="https://www.example.ca/">');
    const privacy = read('privacy/index.html');
    expect(privacy).toContain('July 8, 2022');
    // The consent model: double opt-in, implied consent for 6 months, the proof kept, withdrawal.
    expect(privacy).toContain('You confirm every subscription (double opt-in).');
    expect(privacy).toContain(
      'implied consent, as CASL calls it, to email you about our related services for 6 months',
    );
    expect(privacy).toContain(
      'each confirmation: the date and time, and the IP address and browser (user agent) it came from;',
    );
    expect(privacy).toContain('You may withdraw your consent at any time');
    expect(read('404.html')).toContain('<meta name="robots" content="noindex">');
    const confirmShell = read('_shell/confirm-employer/index.html');
    expect(confirmShell).toContain('<h1 id="');
    expect(confirmShell).toContain('Confirm my subscription</button>');
    expect(confirmShell).toContain('<meta name="robots" content="noindex">');
  });

  it('has only the inline style and script the CSP allows by their hashes in any page', () => {
    const hashes = readCspHashes(outDir);
    const csp = securityHeaders(hashes)['Content-Security-Policy'];
    // The pages' stylesheet and boot script, and the console shell's stylesheet and script.
    expect(hashes.styles).toHaveLength(2);
    expect(hashes.scripts).toHaveLength(2);
    expect(csp).toContain(`script-src 'self' ${hashes.scripts.join(' ')};`);
    expect(csp).toContain(`style-src 'self' ${hashes.styles.join(' ')};`);
    const pagesHashes = everyPage().map((page) => {
      const html = read(page.file);
      expect(html).not.toMatch(/<style\s|\sstyle="|rel="stylesheet"|\son[a-z]+="/);
      return { page: page.url, ...inlineHashesOf(html) };
    });
    const [first] = pagesHashes;
    for (const page of pagesHashes) expect(page).toEqual({ ...first, page: page.page });
    const shell = inlineHashesOf(read(CONSOLE_SHELL_FILE));
    expect({ styles: [...first!.styles, ...shell.styles], scripts: [...first!.scripts, ...shell.scripts] }).toEqual(
      hashes,
    );
  });

  it('starts no script request before the first paint: one inline boot script, no modulepreload', () => {
    for (const page of everyPage()) {
      const html = read(page.file);
      expect(html).not.toMatch(/<link[^>]*modulepreload/);
      expect(html).not.toMatch(/<script[^>]*\ssrc=/);
      const modules = html.match(/<script type="module"[^>]*>/g) ?? [];
      expect(modules).toEqual([
        expect.stringMatching(/^<script type="module" data-entry="\/assets\/entry-client-[^"]+\.js"/),
      ]);
    }
  });

  it('carries the site icon in every page as a data: URI of web/public/favicon.svg, so loading a page requests no icon', () => {
    const icon = read('favicon.svg').trim().replace(/\s+/g, ' ');
    for (const page of everyPage()) {
      const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml">/.exec(read(page.file))?.[1];
      expect({ page: page.url, scheme: href?.split(',')[0] }).toEqual({ page: page.url, scheme: 'data:image/svg+xml' });
      expect(decodeURIComponent(href!.slice(href!.indexOf(',') + 1))).toBe(icon);
    }
    expect(securityHeaders(readCspHashes(outDir))['Content-Security-Policy']).toMatch(/img-src 'self' data:/);
  });

  it('asks the browser to compile every app chunk off the main thread, in its first line (not the boot script)', () => {
    const chunks = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(10);
    for (const file of chunks) {
      const firstLine = read(file).split('\n', 1)[0];
      if (path.basename(file).startsWith('boot-')) expect(firstLine).not.toBe(COMPILE_HINT);
      else expect({ file, firstLine }).toEqual({ file, firstLine: COMPILE_HINT });
    }
  });

  it("leaves no image's priority to Chrome's in-viewport guess: every image is lazy or states its fetch priority", () => {
    for (const page of everyPage()) {
      const unstated = (read(page.file).match(/<img\b[^>]*>/g) ?? []).filter(
        (img) => !/\sloading="lazy"/.test(img) && !/\sfetchPriority="(high|low)"/i.test(img),
      );
      expect({ page: page.url, unstated }).toEqual({ page: page.url, unstated: [] });
    }
  });

  it('preloads only files that exist', () => {
    for (const page of sizes) for (const file of page.files) expect(existsSync(path.join(outDir, file))).toBe(true);
  });

  it('keeps the home page within 110 KB of JavaScript (gzip)', () => {
    const home = sizes.find((page) => page.page === '/')!;
    expect(home.js.gzip).toBeLessThanOrEqual(BUDGET.homeJsGzip);
  });

  it('keeps every page within 30 KB of CSS (gzip)', () => {
    for (const page of sizes) expect(page.css.gzip).toBeLessThanOrEqual(BUDGET.cssGzipPerPage);
  });

  it('loads formik and yup only on pages with forms', () => {
    for (const page of sizes) {
      const packages = packagesIn(result.metafile, page.files);
      const hasFormLibraries = packages.has('formik') || packages.has('yup');
      if (!FORM_PAGES.includes(page.page))
        expect({ page: page.page, hasFormLibraries }).toEqual({ page: page.page, hasFormLibraries: false });
    }
    expect(packagesIn(result.metafile, sizes.find((page) => page.page === '/contact')!.files).has('formik')).toBe(true);
  });
});

describe("the owners' console in the build", () => {
  it('writes its shell with noindex, its script and stylesheet inline, allowed by their CSP hashes', () => {
    const shell = read(CONSOLE_SHELL_FILE);
    expect(shell).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(shell).toContain(`<style>${result.console.css}</style>`);
    expect(shell).toContain(`<script type="module">${result.console.scriptCode}</script>`);
    expect(result.console.scriptCode.startsWith(COMPILE_HINT)).toBe(true);
    expect(result.console.css).toContain('.console-masthead');
    const { styles, scripts } = readCspHashes(outDir);
    expect(styles).toContain(cspHash(result.console.css));
    expect(scripts).toContain(cspHash(result.console.scriptCode));
    // Nothing else inline, and nothing the CSP would have to allow otherwise, in the markup (the
    // script's own text holds such strings: react-dom writes stylesheet links and style attributes).
    const markup = shell.replace(result.console.scriptCode, '').replace(result.console.css, '');
    expect(markup).not.toMatch(/<script[^>]*\ssrc=|rel="stylesheet"|\sstyle="|\son[a-z]+="/);
    expect(inlineHashesOf(shell)).toEqual({
      styles: [cspHash(result.console.css)],
      scripts: [cspHash(result.console.scriptCode)],
    });
  });

  it('loads no file before its first call: its files are the license notice its script names and the Site charts, imported only when that screen runs (decision 0066)', () => {
    const files = readdirSync(path.join(outDir, CONSOLE_ASSETS_DIR)).sort();
    expect(files).toEqual([
      expect.stringMatching(/^main-[A-Z0-9]+\.js\.LEGAL\.txt$/),
      expect.stringMatching(/^trend-chart-[A-Z0-9]+\.js$/),
    ]);
    const [license, charts] = files;
    expect(result.console.scriptCode).toContain(`For license information please see /${CONSOLE_ASSETS_DIR}/${license}`);
    expect(read(path.join(CONSOLE_ASSETS_DIR, license!))).toContain('react-router');
    // Named once, in a dynamic import (the Site screen's TrendChart.tsx), never in the shell's markup.
    const chartsUrl = `/${CONSOLE_ASSETS_DIR}/${charts}`;
    expect(result.console.scriptCode.split(chartsUrl)).toHaveLength(2);
    expect(result.console.scriptCode).toContain(`import("${chartsUrl}")`);
    expect(read(CONSOLE_SHELL_FILE).replace(result.console.scriptCode, '')).not.toContain(charts);
    // The drawing alone: no second copy of React, and none of it left in the script.
    const chartsCode = read(path.join(CONSOLE_ASSETS_DIR, charts!));
    expect(chartsCode).toContain('export{');
    expect(chartsCode).not.toMatch(/react|createElement\(/i);
    expect(gzipSync(chartsCode, { level: 9 }).length).toBeLessThanOrEqual(BUDGET.consoleChartsGzip);
    expect(result.console.scriptCode).not.toContain('trend-chart__marker');
  });

  it('keeps its script within 160 KB gzipped, on react-dom (decision 0065)', () => {
    expect(gzipSync(result.console.scriptCode, { level: 9 }).length).toBeLessThanOrEqual(BUDGET.consoleJsGzip);
  });

  it("runs under a CSP as strict as the pages': files from the site only, no eval, no framing", () => {
    const csp = securityHeaders(readCspHashes(outDir))['Content-Security-Policy'];
    for (const rule of ["default-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "object-src 'none'"]) {
      expect(csp).toContain(rule);
    }
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('is not in the sitemap nor the route manifest', () => {
    expect(read('sitemap.xml')).not.toContain('/admin');
    expect(read('sitemap.xml')).not.toContain('_shell');
    expect(JSON.parse(read('_routes.json')).pages.filter((page: string) => page.startsWith('/admin'))).toEqual([]);
  });

  it("is never loaded by a public page: no page names its files, none of its code is in a page's chunks", () => {
    for (const page of everyPage()) {
      expect({ page: page.url, console: read(page.file).includes(CONSOLE_ASSETS_DIR) }).toEqual({
        page: page.url,
        console: false,
      });
    }
    for (const page of sizes) {
      const consoleFiles = page.files.filter((file) => file.startsWith(`/${CONSOLE_ASSETS_DIR}/`));
      expect({ page: page.page, consoleFiles }).toEqual({ page: page.page, consoleFiles: [] });
      const consoleSources = Object.keys(
        Object.assign({}, ...page.files.map((file) => result.metafile.outputs[file.slice(1)]?.inputs ?? {})),
      ).filter((input) => input.startsWith('web/src/console/'));
      expect({ page: page.page, consoleSources }).toEqual({ page: page.page, consoleSources: [] });
    }
  });
});
