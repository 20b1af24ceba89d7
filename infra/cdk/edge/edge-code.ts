import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { transformSync } from 'esbuild';
import { CONSOLE_PAGE, CONSOLE_SHELL } from '#shared/console/common.ts';
import {
  BLOG_DATA_PREFIX,
  BLOG_FILES,
  POST_SLUG_PATTERN,
  postPageKey,
  postRouteKey,
  redirectRouteKey,
} from '#shared/blog-site.ts';
import { ARCHIVE_FILES, ARCHIVE_PREFIX } from '#shared/newsletter-archive.ts';
import { DYNAMIC_PAGES, NOT_FOUND_PAGE, sitePaths } from '#shared/paths.ts';
import { METADATA_STATUSES, STATUS_METADATA_HEADER } from '../site/object-metadata';

/**
 * The edge functions' code, built once for both places it runs: the CloudFront Functions
 * of the site distribution, and the local server (`loadEdgeHandlers`), which evaluates the
 * very same string with node:vm.
 */

/** CloudFront Functions reject code larger than 10 KB. */
export const CLOUDFRONT_FUNCTION_MAX_BYTES = 10 * 1024;

/** Written by the web build next to the pages; lists every prerendered page path. */
export const ROUTE_MANIFEST_FILE = '_routes.json';

/**
 * Files at the site root, which the edge passes on to S3 unchanged: those the web build writes
 * (web/build/build.ts and web/public) and the ones the site's publisher writes (the blog's feed,
 * the newsletter's and the blog's sitemaps). `_routes.json` is read at synth, never deployed.
 */
export const SITE_ROOT_FILES: readonly string[] = [
  '/404.html',
  '/apple-touch-icon.png',
  '/favicon.svg',
  '/index.html',
  '/robots.txt',
  BLOG_FILES.feed.path,
  '/sitemap.xml',
  ARCHIVE_FILES.sitemap.path,
  BLOG_FILES.sitemap.path,
];

/**
 * Folders of files in web/dist: hashed bundles (`assets`) and web/public's `images` and `media`
 * (the owners' images too, under `media/posts/`), and those the site's publisher writes: the
 * newsletter archive's files (feed.xml, archive.css) and the blog's data (`/blog-data/`).
 * Their files pass on to S3; anything else that is not a page gets the 404 page.
 */
export const SITE_FILE_DIRS: readonly string[] = [
  '/assets/',
  '/images/',
  '/media/',
  `${ARCHIVE_PREFIX}/`,
  `${BLOG_DATA_PREFIX}/`,
];

/** A post page's key around its slug (`blog-posts/` and `/index.html`), for the edge to build the URI. */
const [POST_KEY_BEFORE, POST_KEY_AFTER] = postPageKey('\n').split('\n') as [string, string];

/** The one line of each template that receives its configuration. */
const CONFIG_DECLARATION = 'var CONFIG = __EDGE_CONFIG__;';

/**
 * The viewer-request function's first line: the runtime's module for the KeyValueStore associated
 * with it (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/functions-custom-methods.html).
 * Put before the minified template rather than in it: with an import, esbuild would treat the
 * template as a module and rename its top-level `handler`. The local server evaluates the code
 * after this line, with its own `cf` (loadEdgeHandlers).
 */
const KVS_IMPORT = "import cf from 'cloudfront';\n";
const TEMPLATE_DIR = __dirname;

/** Old URLs that must keep working (search results, shared links): old path -> new path. */
const REDIRECTS: Readonly<Record<string, string>> = {
  [sitePaths.legacyEngagementPost]: sitePaths.engagementPost,
};

/**
 * Reads `<distDir>/_routes.json` (`{ "pages": ["/", "/about", ...] }`, decoded paths without a
 * trailing slash) and returns the page paths. Throws with the file's path when it is missing
 * or malformed, so a broken web build stops synth instead of deploying a site of 404s.
 */
export function readRouteManifest(distDir: string): string[] {
  const file = path.join(distDir, ROUTE_MANIFEST_FILE);
  if (!existsSync(file)) throw new Error(`${file} not found: build the website first (npm run build)`);
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const pages = (manifest as { pages?: unknown } | null)?.pages;
  if (!Array.isArray(pages) || pages.some((page) => typeof page !== 'string')) {
    throw new Error(`${file} must look like { "pages": ["/", "/about", ...] }`);
  }
  return pages as string[];
}

function validateRoutes(routes: readonly string[]): void {
  if (routes.length === 0) throw new Error('The route table is empty: the web build listed no pages');
  for (const route of routes) {
    if (!route.startsWith('/') || (route !== '/' && route.endsWith('/'))) {
      throw new Error(`Invalid page path "${route}": it must start with "/" and have no trailing slash`);
    }
  }
}

/** Injects the configuration and minifies (comments out, size down). */
function build(templateFile: string, config: unknown): string {
  const template = readFileSync(path.join(TEMPLATE_DIR, templateFile), 'utf8');
  if (template.split(CONFIG_DECLARATION).length !== 2) {
    throw new Error(`${templateFile} must contain exactly one "${CONFIG_DECLARATION}"`);
  }
  const source = template.replace(CONFIG_DECLARATION, () => `var CONFIG = ${JSON.stringify(config)};`);
  // No `format`: esbuild then treats the input as a script and keeps top-level names, so
  // `handler` stays the entry point CloudFront calls. The es5 target refuses any syntax
  // newer than what the templates use, rather than emitting it; async/await is allowed, as
  // runtime 2.0 has it (functions-javascript-runtime-20.html, "Statements") and the
  // KeyValueStore's methods answer promises.
  const { code } = transformSync(source, {
    loader: 'js',
    minify: true,
    target: 'es5',
    supported: { 'async-await': true },
    charset: 'utf8',
  });
  return code;
}

/** Fails when the function's code is larger than CloudFront allows. */
function checkSize(templateFile: string, code: string): string {
  const bytes = Buffer.byteLength(code, 'utf8');
  if (bytes > CLOUDFRONT_FUNCTION_MAX_BYTES) {
    throw new Error(
      `${templateFile} builds to ${bytes} bytes; CloudFront Functions allow ${CLOUDFRONT_FUNCTION_MAX_BYTES}`,
    );
  }
  return code;
}

/** The viewer-request function with the site's page paths (from `_routes.json`) built in. */
export function buildViewerRequestCode(routes: readonly string[]): string {
  validateRoutes(routes);
  const pages: Record<string, 1> = {};
  for (const route of routes) pages[route] = 1;
  const body = build('viewer-request.js', {
    pages,
    dynamic: DYNAMIC_PAGES.map(({ prefix, shellPath }) => ({ prefix, shell: shellPath })),
    redirects: REDIRECTS,
    files: Object.fromEntries(SITE_ROOT_FILES.map((file) => [file, 1])),
    fileDirs: SITE_FILE_DIRS,
    notFound: NOT_FOUND_PAGE,
    console: { page: CONSOLE_PAGE, shell: `${CONSOLE_SHELL}/index.html` },
    archive: ARCHIVE_PREFIX,
    blog: {
      slug: POST_SLUG_PATTERN.source,
      post: postRouteKey(''),
      redirect: redirectRouteKey(''),
      page: [`/${POST_KEY_BEFORE}`, POST_KEY_AFTER],
    },
  });
  return checkSize('viewer-request.js', KVS_IMPORT + body);
}

/** The viewer-response function: gives an object the status its metadata names (the 404 page). */
export function buildViewerResponseCode(): string {
  return checkSize(
    'viewer-response.js',
    build('viewer-response.js', {
      statusHeader: STATUS_METADATA_HEADER,
      statuses: METADATA_STATUSES,
      noindexPage: CONSOLE_PAGE,
    }),
  );
}

/** A header, query string or cookie entry as CloudFront Functions represent it. */
export interface EdgeValue {
  value: string;
  multiValue?: { value: string }[];
}

/** `event.request` of a CloudFront Functions event (`uri` percent-encoded as received). */
export interface EdgeRequest {
  method: string;
  uri: string;
  querystring: Record<string, EdgeValue>;
  headers: Record<string, EdgeValue>;
  cookies: Record<string, EdgeValue>;
}

/** `event.response` of a viewer-response event, or a response a viewer-request function returns. */
export interface EdgeResponse {
  statusCode: number;
  statusDescription?: string;
  headers: Record<string, EdgeValue>;
  cookies?: Record<string, EdgeValue>;
}

export interface ViewerRequestEvent {
  version?: string;
  context?: Record<string, string>;
  viewer?: { ip: string };
  request: EdgeRequest;
}

/** `request` is the request as the viewer sent it, before any viewer-request rewrite. */
export interface ViewerResponseEvent extends ViewerRequestEvent {
  response: EdgeResponse;
}

export interface EdgeHandlers {
  /** Answers the (possibly rewritten) request to forward, or a response (redirect) to send. */
  viewerRequest(event: ViewerRequestEvent): Promise<EdgeRequest | EdgeResponse>;
  /** Returns the response to send to the viewer. */
  viewerResponse(event: ViewerResponseEvent): EdgeResponse;
}

/**
 * What a function reads of its associated KeyValueStore through `cf.kvs()`: `exists` answers a
 * promise of whether the key is in the store, `get` a promise of its value, rejected when the key
 * is not there (functions-custom-methods.html, "exists() method", "get() method").
 */
export interface KeyValueStoreHandle {
  exists(key: string): Promise<boolean>;
  get(key: string): Promise<string>;
}

function evaluate<E, R>(code: string, filename: string, globals: object = {}): (event: E) => R {
  // A fresh context per function: like CloudFront, the two functions share no globals.
  const context = vm.createContext({ ...globals });
  vm.runInContext(code, context, { filename, timeout: 1000 });
  const handler = (context as { handler?: unknown }).handler;
  if (typeof handler !== 'function') throw new Error(`${filename} defines no handler function`);
  return handler as (event: E) => R;
}

/**
 * Evaluates the built edge code for the local server. Events must be shaped as CloudFront
 * builds them: lowercase header names, `uri` and query values percent-encoded as received.
 * A result with `statusCode` is a response to send; otherwise it is the request to serve.
 * `routesStore` is the viewer-request function's KeyValueStore (the twin's: local-key-value-store.ts).
 */
export function loadEdgeHandlers(routes: readonly string[], routesStore: KeyValueStoreHandle): EdgeHandlers {
  const viewerRequest = evaluate<ViewerRequestEvent, Promise<EdgeRequest | EdgeResponse>>(
    buildViewerRequestCode(routes).slice(KVS_IMPORT.length),
    'viewer-request.js',
    { cf: { kvs: () => routesStore } },
  );
  const viewerResponse = evaluate<ViewerResponseEvent, EdgeResponse>(buildViewerResponseCode(), 'viewer-response.js');
  return { viewerRequest, viewerResponse };
}
