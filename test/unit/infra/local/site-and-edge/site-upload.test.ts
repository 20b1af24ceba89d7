/**
 * A deploy's site upload after a publish (issue 31: "the published post and its images are still
 * there, and unchanged"), on the twin's deployment of the build (infra/local/site-and-edge/site-upload.ts), which
 * follows the stack's BucketDeployments (PAGES_EXCLUDE, asserted on the template in
 * test/infra/constructs/site-deployment.test.ts): the build's own pages are put and its removed pages pruned,
 * while every object the publisher wrote and every image the owners uploaded stays byte for byte,
 * even where the build has a file of the same key.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uploadSite } from '#infra/local/site-and-edge/site-upload.ts';

let build: string;
let bucket: string;
const write = async (dir: string, key: string, body: string) => {
  const file = path.join(dir, ...key.split('/'));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
};
const read = (dir: string, key: string) => readFile(path.join(dir, ...key.split('/')), 'utf8').catch(() => undefined);

beforeEach(async () => {
  build = await mkdtemp(path.join(tmpdir(), 'upload-build-'));
  bucket = await mkdtemp(path.join(tmpdir(), 'upload-bucket-'));
});
afterEach(() =>
  Promise.all([rm(build, { recursive: true, force: true }), rm(bucket, { recursive: true, force: true })]),
);

/** What the owners published and uploaded since the last deploy, as the publisher and the image function left it. */
const PUBLISHED: Record<string, string> = {
  'blog-posts/hiring-in-a-cold-snap/index.html': '<h1>Hiring in a cold snap, as the owners edited it</h1>',
  'blog-data/posts/hiring-in-a-cold-snap.json': '{"post":{"slug":"hiring-in-a-cold-snap"}}',
  'blog-data/catalog.json': '{"posts":[{"slug":"hiring-in-a-cold-snap"}]}',
  'blog/index.html': '<h1>Blog, with the owners’ post first</h1>',
  'rss.xml': '<rss><item>hiring-in-a-cold-snap</item></rss>',
  'blog-sitemap.xml': '<urlset><url>hiring-in-a-cold-snap</url></urlset>',
  'media/posts/3f9a-cold-snap-1200.webp': 'RIFF....WEBPVP8 the owners’ photo',
  'post-uploads/upload-1': 'an upload being checked',
  'newsletter/index.html': '<h1>Newsletter</h1>',
  'newsletter-sitemap.xml': '<urlset/>',
};

describe("the twin's upload of a build, after a publish", () => {
  it("puts and prunes the build's pages, and leaves every published post, list and image as it was", async () => {
    // Prepare: a deployed site with a page the next build drops, then a publish
    await write(bucket, 'about/index.html', 'old about');
    await write(bucket, 'old-page/index.html', 'a page the build no longer has');
    await write(bucket, 'assets/app.111.js', 'the last build’s bundle');
    for (const [key, body] of Object.entries(PUBLISHED)) await write(bucket, key, body);
    // The next build: its own pages, and files where the publisher writes (the repository's blog)
    await write(build, 'about/index.html', 'new about');
    await write(build, 'assets/app.222.js', 'the new bundle');
    await write(build, '_routes.json', '{"pages":["/about"]}');
    await write(build, '_publish/render-kit.json', '{"kit":"new"}');
    await write(build, 'blog-posts/hiring-in-a-cold-snap/index.html', '<h1>the repository’s old version</h1>');
    await write(build, 'rss.xml', '<rss>the repository’s feed</rss>');
    await write(build, 'blog/index.html', '<h1>the repository’s blog</h1>');

    // Act
    const { uploaded, pruned } = await uploadSite(build, bucket);

    // Assess
    for (const [key, body] of Object.entries(PUBLISHED)) expect([key, await read(bucket, key)]).toEqual([key, body]);
    expect(await read(bucket, 'about/index.html')).toBe('new about');
    expect(await read(bucket, '_publish/render-kit.json')).toBe('{"kit":"new"}');
    expect(await read(bucket, 'old-page/index.html')).toBeUndefined();
    // Hashed assets are never pruned: a page still open keeps finding its chunks.
    expect(await read(bucket, 'assets/app.111.js')).toBe('the last build’s bundle');
    expect(await read(bucket, '_routes.json')).toBeUndefined();
    expect(uploaded.sort()).toEqual(['_publish/render-kit.json', 'about/index.html', 'assets/app.222.js']);
    expect(pruned).toEqual(['old-page/index.html']);
  });
});
