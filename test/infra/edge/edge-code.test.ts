import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildViewerRequestCode,
  buildViewerResponseCode,
  CLOUDFRONT_FUNCTION_MAX_BYTES,
  readRouteManifest,
  ROUTE_MANIFEST_FILE,
  SITE_FILE_DIRS,
  SITE_ROOT_FILES,
} from '#infra/cdk/edge/edge-code.ts';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { ROUTES } from './edge-events';

/** All 35 pages of the spec: the real table must fit CloudFront's limit with room to spare. */
const SPEC_ROUTES = [
  ...ROUTES,
  '/privacy',
  '/terms-of-use',
  ...Array.from({ length: 25 }, (_, i) => `/a-blog-post-slug-of-typical-length-number-${i}-about-hiring-and-teams`),
];

const byteLength = (code: string) => Buffer.byteLength(code, 'utf8');

describe('edge code build', () => {
  it('keeps the viewer-request function under 10 KB with every page of the site', () => {
    expect(byteLength(buildViewerRequestCode(SPEC_ROUTES))).toBeLessThan(CLOUDFRONT_FUNCTION_MAX_BYTES);
  });

  it('keeps the viewer-response function under 10 KB', () => {
    expect(byteLength(buildViewerResponseCode())).toBeLessThan(CLOUDFRONT_FUNCTION_MAX_BYTES);
  });

  it('refuses a route table that would exceed the limit', () => {
    const huge = Array.from({ length: 400 }, (_, i) => `/page-${i}-with-a-long-enough-slug-to-add-up`);
    expect(() => buildViewerRequestCode(huge)).toThrow(/CloudFront Functions allow 10240/);
  });

  it("uses no module system but the runtime's cloudfront module, and defines a top-level handler (cloudfront-js-2.0)", () => {
    const viewerRequest = buildViewerRequestCode(ROUTES);
    const KVS_IMPORT = "import cf from 'cloudfront';\n";
    expect(viewerRequest.startsWith(KVS_IMPORT)).toBe(true);
    expect(viewerRequest).toContain('cf.kvs()');
    expect(viewerRequest).toMatch(/async function handler\(/);
    for (const code of [viewerRequest.slice(KVS_IMPORT.length), buildViewerResponseCode()]) {
      expect(code).not.toMatch(/\brequire\(|\bimport\b|\bexport\b/);
      expect(code).toMatch(/function handler\(/);
    }
  });

  it('builds the route table into the code', () => {
    expect(buildViewerRequestCode(ROUTES)).toContain(`"/facets-of-jobs-why-it's-so-hard-to-hire-good-people":1`);
  });

  it.each([
    ['a trailing slash', ['/about/']],
    ['no leading slash', ['about']],
    ['no pages', []],
  ])('rejects routes with %s', (_, routes) => {
    expect(() => buildViewerRequestCode(routes)).toThrow();
  });
});

describe('files passed to S3', () => {
  const publicDir = path.join(REPO_ROOT, 'web', 'public');

  it('covers every top-level file and folder of web/public, which the build copies to web/dist', () => {
    for (const entry of readdirSync(publicDir, { withFileTypes: true })) {
      if (entry.isDirectory()) expect(SITE_FILE_DIRS).toContain(`/${entry.name}/`);
      else expect(SITE_ROOT_FILES).toContain(`/${entry.name}`);
    }
  });

  it('includes the files the build writes and the 404 page, never the route manifest', () => {
    expect(SITE_ROOT_FILES).toEqual(
      expect.arrayContaining(['/sitemap.xml', '/robots.txt', '/rss.xml', '/index.html', '/404.html']),
    );
    expect(SITE_FILE_DIRS).toContain('/assets/');
    expect(SITE_ROOT_FILES).not.toContain(`/${ROUTE_MANIFEST_FILE}`);
  });

  it('only has files with an extension in the file folders of web/public (others would get the 404 page)', () => {
    const files = readdirSync(publicDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file.name).toMatch(/\.[A-Za-z0-9]+$/);
  });
});

describe('readRouteManifest', () => {
  const dist = () => mkdtempSync(path.join(tmpdir(), 'dist-'));

  it('reads the pages of _routes.json', () => {
    const dir = dist();
    writeFileSync(path.join(dir, '_routes.json'), JSON.stringify({ pages: ['/', '/about'] }));
    expect(readRouteManifest(dir)).toEqual(['/', '/about']);
  });

  it('says to build the website when the manifest is missing', () => {
    expect(() => readRouteManifest(dist())).toThrow(/npm run build/);
  });

  it.each([
    ['not JSON', '{'],
    ['without pages', '{"routes":[]}'],
    ['with non-string pages', '{"pages":[1]}'],
  ])('rejects a manifest %s', (_, content) => {
    const dir = dist();
    writeFileSync(path.join(dir, '_routes.json'), content);
    expect(() => readRouteManifest(dir)).toThrow(/_routes\.json/);
  });
});
