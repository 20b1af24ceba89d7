/**
 * The blog's renderer as the site's publisher runs it: bundled by the Lambda build options
 * (infra/cdk/constructs/lambda-build.ts: .tsx, JSX and the components' imports, no loader of ours),
 * loaded as Lambda loads an ES module, and rendering the very bytes the web build's call renders,
 * so the pages the publisher writes are the ones the deployed client hydrates.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { LAMBDA_ENTRY_FILE, lambdaBuildOptions } from '#infra/cdk/constructs/lambda-build.ts';
import type { SiteObject } from '#shared/blog-site.ts';
import { renderBlogObjects } from '#web/render/blog-site.tsx';
import { FIXTURE_PUBLISHED } from '#test/support/fixture-posts.ts';

const SITE = 'https://www.example.ca';
const page = {
  bootScript: '/assets/boot-B.js',
  entryScript: '/assets/entry-E.js',
  stylesheets: [],
  modulePreloads: [],
};
const KIT = {
  config: { siteUrl: SITE, candidateAppUrl: 'https://apply.example.ca', bookCallUrl: 'https://book.example.ca/call' },
  inlineCss: ['body{margin:0}'],
  bootCode: 'start()',
  iconUri: 'data:,',
  pages: { post: { ...page, modulePreloads: ['/assets/chunk-P.js'] }, index: page },
};

const outdir = mkdtempSync(path.join(tmpdir(), 'blog-renderer-bundle-'));
let metafile: Metafile;

beforeAll(async () => {
  ({ metafile } = (await build({ ...lambdaBuildOptions('web/render/blog-site.tsx', outdir), logLevel: 'silent' })) as {
    metafile: Metafile;
  });
}, 60_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** Runs the bundle in a plain Node process, outside jest's module system, as Lambda does. */
async function renderWithBundle(): Promise<SiteObject[]> {
  const file = pathToFileURL(path.join(outdir, LAMBDA_ENTRY_FILE)).href;
  const script = `const { renderBlogObjects } = await import(${JSON.stringify(file)});
    const { posts, kit, site } = JSON.parse(process.env.RENDER_INPUT);
    process.stdout.write(JSON.stringify(renderBlogObjects(posts, kit, site)));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH, RENDER_INPUT: JSON.stringify({ posts: FIXTURE_PUBLISHED, kit: KIT, site: SITE }) },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 30_000,
  });
  return JSON.parse(stdout) as SiteObject[];
}

describe("the blog's renderer in a Lambda bundle", () => {
  it('renders exactly what the web build renders, object for object', async () => {
    const bundled = await renderWithBundle();
    expect(bundled).toHaveLength(25 * 2 + 4);
    expect(bundled).toEqual(renderBlogObjects(FIXTURE_PUBLISHED, KIT, SITE));
  });

  it("carries React's production build only (Lambda sets no NODE_ENV to choose it at run time)", () => {
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((input) => /react-dom-server[^/]*\.development\.js$/.test(input))).toEqual([]);
    expect(inputs).toContainEqual(expect.stringMatching(/react-dom-server-legacy\.node\.production\.js$/));
  });
});
