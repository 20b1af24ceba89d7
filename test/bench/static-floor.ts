/**
 * The static floor of a page for Lighthouse (issue 11): the same prerendered HTML with every
 * script and module preload removed and every stylesheet inlined, served the same way as the
 * site (the local twin's static handler: the same edge functions, security headers, caching and
 * compression). A page's LCP is judged against its floor's LCP measured in the same run, so a
 * busy machine moves both. See docs/decisions/0060-critical-css-and-csp-hash.md.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEdgeHandlers, readRouteManifest } from '#infra/cdk/edge/edge-code.ts';
import { createLocalKeyValueStore } from '#infra/local/site-and-edge/local-key-value-store.ts';
import { createSiteHandler } from '#infra/local/site-and-edge/static-site.ts';
import { readCspHashes, securityHeaders, type CspHashes } from '#infra/cdk/site/security-headers.ts';
import { cspHash, styleElement } from '#web/build/csp-hashes.ts';
import { apiPath } from '#shared/paths.ts';

/** The floor of one page's HTML (`readAsset` reads a site-relative file of the build). */
export function floorHtml(html: string, readAsset: (url: string) => string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\n?/g, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\n?/g, '')
    .replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, (tag) =>
      styleElement(readAsset(/\bhref="([^"]+)"/.exec(tag)![1]!)),
    );
}

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));

export interface SiteServers {
  pageUrl: string;
  floorUrl: string;
  close(): Promise<void>;
}

/** The edge's KeyValueStore entries the site is served with (a published post's `post:<slug>`). */
export type EdgeRoutes = Readonly<Record<string, string>>;

async function serve(distDir: string, hashes: CspHashes, routes: EdgeRoutes): Promise<Server> {
  const store = createLocalKeyValueStore();
  store.update(
    Object.entries(routes).map(([key, value]) => ({ key, value })),
    [],
  );
  const site = createSiteHandler({
    distDir,
    edge: loadEdgeHandlers(readRouteManifest(distDir), store.handle),
    responseHeaders: { ...securityHeaders(hashes) },
  });
  const server = createServer((req, res) => {
    // One request per connection. Over loopback, whether Chrome happens to reuse the document's
    // connection for the LCP image decides whether Lantern charges a connection set-up (one
    // simulated round trip, ~150 ms) for it: the same page then scores ~0.75 s or ~0.9 s from one
    // run to the next. Without reuse every run is charged alike, for the page and its floor.
    res.setHeader('connection', 'close');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // The page's visit beacon (web/src/lib/visit-beacon.ts) is answered as the API answers it,
    // so the page is measured as it runs on the site, not with a failed request in its console.
    if (url.pathname === apiPath('collectVisit')) {
      res.writeHead(204).end();
      return;
    }
    void site.handle(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * Serves a snapshot of `sourceDir` as it is and its floor (a copy with every page rewritten by
 * `floorHtml`), each on its own loopback port, by the same handler, its edge's store holding
 * `routes`. Snapshots, so a rebuild of web/dist during the runs (npm start, a test) changes neither.
 */
export async function startPageAndFloorServers(sourceDir: string, routes: EdgeRoutes = {}): Promise<SiteServers> {
  const snapshot = mkdtempSync(path.join(tmpdir(), 'static-floor-'));
  const distDir = path.join(snapshot, 'page');
  const floorDir = path.join(snapshot, 'floor');
  cpSync(sourceDir, distDir, { recursive: true });
  cpSync(distDir, floorDir, { recursive: true });
  const hashes = readCspHashes(distDir);
  const styles = new Set(hashes.styles);
  for (const file of htmlFiles(floorDir)) {
    const floor = floorHtml(readFileSync(file, 'utf8'), (url) => readFileSync(path.join(distDir, url), 'utf8'));
    for (const [, css] of floor.matchAll(/<style>([^<]*)<\/style>/g)) styles.add(cspHash(css!));
    writeFileSync(file, floor);
  }
  const served = { styles: [...styles], scripts: hashes.scripts };
  const [page, floor] = [await serve(distDir, served, routes), await serve(floorDir, served, routes)];
  const url = (server: Server) => {
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('server not listening');
    return `http://127.0.0.1:${address.port}`;
  };
  return {
    pageUrl: url(page),
    floorUrl: url(floor),
    close: async () => {
      await Promise.all([page, floor].map((server) => new Promise((resolve) => server.close(resolve))));
      rmSync(snapshot, { recursive: true, force: true });
    },
  };
}
