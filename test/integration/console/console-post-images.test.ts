/**
 * The Posts screen's images (POST_ROUTES.imageUpload, imageAccept; decision 0053), through the
 * twin's site bucket with the browser's real multipart POST, held to S3's POST policy and to the
 * consolePosts role as in AWS, and the attacker's pass: an "image" that is HTML, an SVG, 50 MB,
 * a key outside the uploads, a changed content type, an expired policy, a JPEG named as a PNG.
 */
import { createOwnPostsTable } from './own-posts-table';
import { POST_MEDIA_CACHE_CONTROL, POST_MEDIA_PREFIX, POST_UPLOADS_PREFIX } from '#shared/blog-site.ts';
import {
  POST_IMAGE_MAX_BYTES,
  POST_ROUTES,
  type ImageUploadRequest,
  type ImageUploadTicket,
  type PostImage,
} from '#shared/console/posts.ts';
import { IMAGE_MESSAGES } from '#lambdas/console/posts/post-image-routes.ts';
import { HTML_PAGE, JPEG_1280x720, PNG_1200x630, SVG_DRAWING } from '#test/support/test-images.ts';
import { api, auditOf, enrol, sessionOf } from './console-client';
import { startSiteBucketUploads } from './site-bucket-uploads';

const OWNERS = process.env.CONSOLE_OWNERS!;
const S3_ENDPOINT = process.env.AWS_ENDPOINT_URL_S3;
let session = '';
let bucket: Awaited<ReturnType<typeof startSiteBucketUploads>>;

beforeAll(async () => {
  await createOwnPostsTable();
  const owner = `images.${process.pid}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${OWNERS},${owner}`;
  session = sessionOf((await enrol(owner)).answer)!;
  bucket = await startSiteBucketUploads(process.env.SITE_BUCKET!);
  // Read when the image routes first make their S3 client.
  process.env.AWS_ENDPOINT_URL_S3 = bucket.endpoint;
  process.env.POST_UPLOAD_URL = `${bucket.endpoint}/${process.env.SITE_BUCKET}/`;
});
afterAll(async () => {
  process.env.CONSOLE_OWNERS = OWNERS;
  process.env.AWS_ENDPOINT_URL_S3 = S3_ENDPOINT;
  delete process.env.POST_UPLOAD_URL;
  await bucket.close();
});

const ticketFor = async (request: Partial<ImageUploadRequest> = {}) => {
  const answer = await api(POST_ROUTES.imageUpload, {
    session,
    json: {
      role: 'banner',
      contentType: 'image/jpeg',
      bytes: JPEG_1280x720.length,
      width: 1280,
      height: 720,
      ...request,
    },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json as ImageUploadTicket;
};

/** The browser's upload: the ticket's fields (some changed by an attacker), then the file. */
const post = async (ticket: ImageUploadTicket, bytes: Buffer, changed: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...ticket.fields, ...changed })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]));
  const answer = await fetch(ticket.url, { method: 'POST', body: form });
  const body = await answer.text();
  return { status: answer.status, code: /<Code>([^<]*)<\/Code>/.exec(body)?.[1], body };
};

const accept = (uploadId: string, alt = 'Two recruiters at a table') =>
  api(POST_ROUTES.imageAccept, { session, json: { uploadId, alt } });

const uploadedKey = (ticket: ImageUploadTicket) => `${POST_UPLOADS_PREFIX}${ticket.uploadId}`;

describe('an image upload', () => {
  it('is sent straight to the private prefix and accepted as the image its bytes are, audited', async () => {
    const ticket = await ticketFor();
    expect(ticket.fields.key).toBe(uploadedKey(ticket));
    expect(ticket.maxBytes).toBe(JPEG_1280x720.length);
    expect(await post(ticket, JPEG_1280x720)).toMatchObject({ status: 204 });
    expect(await bucket.object(uploadedKey(ticket))).toEqual(JPEG_1280x720);

    const accepted = await accept(ticket.uploadId);
    expect(accepted.statusCode).toBe(201);
    const image = accepted.json as PostImage;
    expect(image).toEqual({
      src: expect.stringMatching(/^\/media\/posts\/[0-9a-f]{32}\.jpg$/),
      width: 1280,
      height: 720,
      alt: 'Two recruiters at a table',
    });
    const key = image.src.slice(1);
    expect(await bucket.object(key)).toEqual(JPEG_1280x720);
    // Served by the site as the image it is, cached for a year, never sniffed as anything else.
    const served = await bucket.visit(image.src);
    expect([served.status, Buffer.from(await served.arrayBuffer())]).toEqual([200, JPEG_1280x720]);
    expect(
      Object.fromEntries(
        ['content-type', 'cache-control', 'x-content-type-options'].map((name) => [name, served.headers.get(name)]),
      ),
    ).toEqual({
      'content-type': 'image/jpeg',
      'cache-control': POST_MEDIA_CACHE_CONTROL,
      'x-content-type-options': 'nosniff',
    });
    expect(bucket.storedWith(key)).toEqual({ contentType: 'image/jpeg', cacheControl: POST_MEDIA_CACHE_CONTROL });
    // The upload is gone once accepted: accepting it again finds nothing.
    expect(await bucket.object(uploadedKey(ticket))).toBeUndefined();
    expect(await accept(ticket.uploadId)).toMatchObject({
      statusCode: 404,
      json: { message: IMAGE_MESSAGES.noUpload },
    });
    expect((await auditOf(session, image.src)).map((entry) => [entry.action, entry.summary])).toEqual([
      ['post.image', `Uploaded an image (JPEG, 1280 × 720) as ${image.src}, described "Two recruiters at a table"`],
    ]);
  });

  it('stores a JPEG named and declared as a PNG as the JPEG its bytes are', async () => {
    const ticket = await ticketFor({ contentType: 'image/png' });
    expect(await post(ticket, JPEG_1280x720)).toMatchObject({ status: 204 });
    const image = (await accept(ticket.uploadId)).json as PostImage;
    expect(image.src).toMatch(/\.jpg$/);
    expect(bucket.storedWith(image.src.slice(1))?.contentType).toBe('image/jpeg');
  });

  it('accepts a PNG with its size', async () => {
    const ticket = await ticketFor({ contentType: 'image/png', bytes: PNG_1200x630.length, width: 1200, height: 630 });
    expect(await post(ticket, PNG_1200x630)).toMatchObject({ status: 204 });
    expect((await accept(ticket.uploadId)).json).toMatchObject({ src: expect.stringMatching(/\.png$/), width: 1200 });
  });

  it('needs its alt text', async () => {
    const ticket = await ticketFor();
    await post(ticket, JPEG_1280x720);
    expect(await accept(ticket.uploadId, '  ')).toMatchObject({
      statusCode: 400,
      json: { message: expect.stringContaining('alt text') },
    });
  });
});

describe("the attacker's pass", () => {
  it.each([
    ['a web page', HTML_PAGE, 'image/png'],
    ['an SVG drawing', SVG_DRAWING, 'image/jpeg'],
  ])('refuses %s sent as an image in plain words, deletes it and serves nothing', async (_, bytes, contentType) => {
    const before = await bucket.keysUnder(POST_MEDIA_PREFIX);
    const ticket = await ticketFor({
      contentType: contentType as ImageUploadRequest['contentType'],
      bytes: bytes.length,
    });
    expect(await post(ticket, bytes)).toMatchObject({ status: 204 });
    // An upload is never served, even before it is checked: the uploads are no folder of the site.
    expect((await bucket.visit(`/${uploadedKey(ticket)}`)).status).toBe(404);
    expect(await accept(ticket.uploadId)).toMatchObject({
      statusCode: 400,
      json: { message: IMAGE_MESSAGES.notAnImage },
    });
    expect(await bucket.object(uploadedKey(ticket))).toBeUndefined();
    expect(await bucket.keysUnder(POST_MEDIA_PREFIX)).toEqual(before);
  });

  it('refuses to sign for an SVG, more than the cap, or no bytes', async () => {
    for (const request of [
      { contentType: 'image/svg+xml' },
      { contentType: 'text/html' },
      { bytes: POST_IMAGE_MAX_BYTES + 1 },
      { bytes: 0 },
    ]) {
      const answer = await api(POST_ROUTES.imageUpload, {
        session,
        json: { role: 'banner', contentType: 'image/jpeg', bytes: 1000, width: 10, height: 10, ...request },
      });
      expect([request, answer.statusCode]).toEqual([request, 400]);
    }
  });

  it('cannot send 50 MB: S3 refuses what the policy does not allow (EntityTooLarge)', async () => {
    const ticket = await ticketFor();
    const answer = await post(ticket, Buffer.alloc(50 * 1024 * 1024, 0xff));
    expect(answer).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(await bucket.object(uploadedKey(ticket))).toBeUndefined();
  });

  it.each([
    ['a key outside the uploads', { key: `${POST_MEDIA_PREFIX}attacker.jpg` }],
    ['another upload key', { key: `${POST_UPLOADS_PREFIX}AAAAAAAAAAAAAAAAAAAAAA` }],
    ['a changed content type', { 'Content-Type': 'text/html' }],
    ['a field the policy does not name', { 'Cache-Control': 'no-store' }],
  ])('refuses %s (403 AccessDenied, nothing written)', async (_, changed) => {
    const ticket = await ticketFor();
    const answer = await post(ticket, JPEG_1280x720, changed);
    expect(answer).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(answer.body).toContain('Invalid according to Policy');
    expect(await bucket.object('key' in changed ? changed.key : uploadedKey(ticket))).toBeUndefined();
  });

  it('refuses a policy of its own making (SignatureDoesNotMatch)', async () => {
    const ticket = await ticketFor();
    const policy = JSON.parse(Buffer.from(ticket.fields.policy!, 'base64').toString('utf8'));
    policy.conditions = policy.conditions.map((condition: unknown) =>
      Array.isArray(condition) && condition[0] === 'content-length-range'
        ? ['content-length-range', 1, 1e9]
        : condition,
    );
    const forged = Buffer.from(JSON.stringify(policy)).toString('base64');
    expect(await post(ticket, JPEG_1280x720, { policy: forged })).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
  });

  it('refuses an expired policy', async () => {
    const ticket = await ticketFor();
    bucket.moveClock(6 * 60 * 1000);
    try {
      const answer = await post(ticket, JPEG_1280x720);
      expect(answer).toMatchObject({ status: 403, code: 'AccessDenied' });
      expect(answer.body).toContain('Policy expired');
    } finally {
      bucket.moveClock(-6 * 60 * 1000);
    }
  });

  it("refuses a POST signed by a role without the grant, as S3 authorizes the policy's signer", async () => {
    const other = await startSiteBucketUploads(process.env.SITE_BUCKET!, 'consoleApi');
    try {
      const ticket = await ticketFor();
      const answer = await post({ ...ticket, url: `${other.endpoint}/${process.env.SITE_BUCKET}/` }, JPEG_1280x720);
      expect(answer).toMatchObject({ status: 403, code: 'AccessDenied' });
      expect(answer.body).toContain('s3:PutObject');
    } finally {
      await other.close();
    }
  });
});
