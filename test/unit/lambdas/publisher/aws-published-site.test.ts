/**
 * The site publisher's AWS adapter (lambdas/publisher/aws-published-site.ts) driven by the
 * publisher as the Lambda runs it, here with the newsletter archive's section, S3, CloudFront and DynamoDB answered by aws-sdk-client-mock:
 * what lands in the bucket (keys, content types, Cache-Control), what is deleted, the published
 * slugs in the edge's KeyValueStore, and the one invalidation per run naming exactly the changed
 * paths; no write at all when nothing changed.
 */
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import {
  CloudFrontKeyValueStoreClient,
  DescribeKeyValueStoreCommand,
  ListKeysCommand,
  UpdateKeysCommand,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import {
  DynamoDBClient,
  GetItemCommand,
  ScanCommand,
  UpdateItemCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { archiveSection } from '#lambdas/campaigns/archive/archive-section.ts';
import { awsPublishedSite } from '#lambdas/publisher/aws-published-site.ts';
import { blogSection } from '#lambdas/publisher/blog-section.ts';
import { postRouteKey, redirectRouteKey, type PublishedPost } from '#shared/blog-site.ts';
import { publishSite } from '#lambdas/publisher/publish-site.ts';
import { renderCampaign } from '#lambdas/campaigns/campaign-markdown.ts';

const SITE = 'https://www.chinooktalent.ca';
const NOW = 1_780_000_000;
const s3 = mockClient(S3Client);
const cloudFront = mockClient(CloudFrontClient);
const dynamo = mockClient(DynamoDBClient);
const kvs = mockClient(CloudFrontKeyValueStoreClient);
const STORE_ARN = 'arn:aws:cloudfront::111111111111:key-value-store/0a1b2c3d-4e5f-6789-abcd-ef0123456789';

/** The store's keys and version, as UpdateKeys leaves them; and the order of the writes. */
let storeEntries = new Map<string, string>();
const storeKeys = () => [...storeEntries.keys()];
let storeVersion = 1;
let writes: string[] = [];
/** Another run's UpdateKeys lands between this run's ListKeys and its own UpdateKeys. */
let concurrentUpdate = false;

/** The Campaigns table as the publisher reads it: drafts and sent campaigns, and its own state. */
let items: Record<string, unknown>[] = [];
let state: Record<string, AttributeValue> | undefined;

const campaign = async (slug: string, publish: boolean) => {
  const source = {
    slug,
    subject: `Subject of ${slug}`,
    topic: 'newsletter',
    audience: 'both',
    markdown: 'Hi.',
  } as const;
  return [
    { id: `draft#${slug}`, kind: 'campaign-draft', ...source, preheader: '', publish, version: 0 },
    { id: `campaign#${slug}`, kind: 'campaign', ...(await renderCampaign(source, SITE)), startedAt: NOW - 3600 },
  ];
};

const campaigns = { db: new DynamoDBClient({ region: 'ca-central-1' }), table: 'Campaigns' };
const run = () =>
  publishSite(
    campaigns,
    awsPublishedSite({
      s3: new S3Client({ region: 'ca-central-1' }),
      cloudFront: new CloudFrontClient({ region: 'us-east-1' }),
      keyValueStore: new CloudFrontKeyValueStoreClient({ region: 'us-east-1' }),
      bucket: 'site-bucket',
      distributionId: 'E2EXAMPLE',
      routesStoreArn: STORE_ARN,
    }),
    [archiveSection(campaigns, SITE)],
    { now: NOW },
  );

const puts = () => s3.commandCalls(PutObjectCommand).map((call) => call.args[0].input);
const deletes = () => s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input);
const invalidations = () => cloudFront.commandCalls(CreateInvalidationCommand).map((call) => call.args[0].input);
const keyUpdates = () => kvs.commandCalls(UpdateKeysCommand).map((call) => call.args[0].input);

beforeEach(() => {
  s3.reset();
  cloudFront.reset();
  dynamo.reset();
  kvs.reset();
  items = [];
  state = undefined;
  storeEntries = new Map();
  storeVersion = 1;
  writes = [];
  s3.on(PutObjectCommand).callsFake((input: { Key: string }) => void writes.push(`put ${input.Key}`));
  s3.on(DeleteObjectCommand).callsFake((input: { Key: string }) => void writes.push(`delete ${input.Key}`));
  cloudFront.on(CreateInvalidationCommand).callsFake(() => void writes.push('invalidate'));
  kvs.on(DescribeKeyValueStoreCommand).callsFake(() => ({ ETag: `E${storeVersion}`, KvsARN: STORE_ARN }));
  concurrentUpdate = false;
  kvs.on(ListKeysCommand).callsFake(() => {
    const Items = [...storeEntries].map(([Key, Value]) => ({ Key, Value }));
    if (concurrentUpdate) storeVersion += 1;
    return { Items };
  });
  kvs
    .on(UpdateKeysCommand)
    .callsFake((input: { IfMatch: string; Puts: { Key: string; Value: string }[]; Deletes: { Key: string }[] }) => {
      if (input.IfMatch !== `E${storeVersion}`) throw new Error('ConflictException');
      for (const { Key } of input.Deletes) storeEntries.delete(Key);
      for (const { Key, Value } of input.Puts) storeEntries.set(Key, Value);
      storeVersion += 1;
      writes.push('update keys');
      return { ETag: `E${storeVersion}` };
    });
  dynamo
    .on(ScanCommand)
    .callsFake(() => ({ Items: items.map((item) => marshall(item, { removeUndefinedValues: true })) }));
  dynamo.on(GetItemCommand).callsFake(() => ({ Item: state }));
  // The state item as the UpdateItem would leave it: `objects` is the one map among its values.
  dynamo.on(UpdateItemCommand).callsFake((input: { ExpressionAttributeValues: Record<string, AttributeValue> }) => {
    const objects = Object.values(input.ExpressionAttributeValues).find((value) => value.M !== undefined)!;
    state = marshall({ id: 'archive#state', kind: 'publisher-state', objects: unmarshall(objects.M!) });
    return {};
  });
});

describe('the archive in the site bucket', () => {
  it('puts each object with its content type and the pages’ Cache-Control, then invalidates those paths once', async () => {
    // Prepare
    items = await campaign('spring-news', true);

    // Act
    await run();

    // Assess
    const written = puts();
    expect(
      written.map(({ Bucket, Key, ContentType, CacheControl }) => ({ Bucket, Key, ContentType, CacheControl })),
    ).toEqual(
      expect.arrayContaining([
        {
          Bucket: 'site-bucket',
          Key: 'newsletter/spring-news/index.html',
          ContentType: 'text/html; charset=utf-8',
          CacheControl: 'public, max-age=0, must-revalidate',
        },
        {
          Bucket: 'site-bucket',
          Key: 'newsletter/index.html',
          ContentType: 'text/html; charset=utf-8',
          CacheControl: 'public, max-age=0, must-revalidate',
        },
        {
          Bucket: 'site-bucket',
          Key: 'newsletter/feed.xml',
          ContentType: 'application/rss+xml; charset=utf-8',
          CacheControl: 'public, max-age=0, must-revalidate',
        },
        {
          Bucket: 'site-bucket',
          Key: 'newsletter/archive.css',
          ContentType: 'text/css; charset=utf-8',
          CacheControl: 'public, max-age=0, must-revalidate',
        },
      ]),
    );
    expect(String(written.find((put) => put.Key === 'newsletter/spring-news/index.html')!.Body)).toContain(
      '<h1>Subject of spring-news</h1>',
    );
    expect(deletes()).toEqual([]);
    const [invalidation, ...more] = invalidations();
    expect(more).toEqual([]);
    expect(invalidation!.DistributionId).toBe('E2EXAMPLE');
    const { Quantity, Items } = invalidation!.InvalidationBatch!.Paths!;
    // Each object's own path, and the path visitors ask for where the edge rewrites it.
    const objectPaths = written.map((put) => `/${put.Key}`);
    const askedPaths = ['/newsletter', '/newsletter/spring-news'];
    expect(Quantity).toBe(objectPaths.length + askedPaths.length);
    expect([...Items!].sort()).toEqual([...objectPaths, ...askedPaths].sort());
    expect(invalidation!.InvalidationBatch!.CallerReference).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyUpdates()).toEqual([
      { KvsARN: STORE_ARN, IfMatch: 'E1', Puts: [{ Key: 'spring-news', Value: 'published' }], Deletes: [] },
    ]);
    // The edge learns of the issue only once its page exists; the cache is dropped last.
    expect(writes.indexOf('update keys')).toBe(written.length);
    expect(writes.at(-1)).toBe('invalidate');
  });

  it('writes nothing to S3, the KeyValueStore or CloudFront when nothing changed since the last run', async () => {
    // Prepare
    items = await campaign('spring-news', true);
    await run();
    s3.resetHistory();
    cloudFront.resetHistory();
    kvs.resetHistory();

    // Act
    await run();

    // Assess
    expect(puts()).toEqual([]);
    expect(deletes()).toEqual([]);
    expect(invalidations()).toEqual([]);
    expect(keyUpdates()).toEqual([]);
  });

  it('deletes an unpublished issue’s page and invalidates only its path, the index, the feed and what else changed', async () => {
    // Prepare
    items = [...(await campaign('spring-news', true)), ...(await campaign('summer-news', true))];
    await run();
    s3.resetHistory();
    cloudFront.resetHistory();
    kvs.resetHistory();
    writes = [];
    items = [...(await campaign('spring-news', true)), ...(await campaign('summer-news', false))];

    // Act
    await run();

    // Assess
    expect(deletes()).toEqual([{ Bucket: 'site-bucket', Key: 'newsletter/summer-news/index.html' }]);
    expect(keyUpdates()).toEqual([{ KvsARN: STORE_ARN, IfMatch: 'E2', Puts: [], Deletes: [{ Key: 'summer-news' }] }]);
    expect(storeKeys()).toEqual(['spring-news']);
    // The edge sends the readers to the 404 page before its page goes.
    expect(writes.indexOf('update keys')).toBeLessThan(writes.indexOf('delete newsletter/summer-news/index.html'));
    const rewritten = puts().map((put) => put.Key);
    expect(rewritten).toEqual(expect.arrayContaining(['newsletter/index.html', 'newsletter/feed.xml']));
    expect(rewritten).not.toContain('newsletter/spring-news/index.html');
    expect(rewritten).not.toContain('newsletter/archive.css');
    expect(invalidations()).toHaveLength(1);
    expect([...invalidations()[0]!.InvalidationBatch!.Paths!.Items!].sort()).toEqual(
      [
        ...rewritten.map((key) => `/${key}`),
        '/newsletter',
        '/newsletter/summer-news',
        '/newsletter/summer-news/index.html',
      ].sort(),
    );
  });

  it('fails the run, changing no key and deleting no page, when another run changed the store since it was read', async () => {
    // Prepare: a published issue, then taken down while a concurrent run updates the store
    items = [...(await campaign('spring-news', true)), ...(await campaign('summer-news', true))];
    await run();
    items = [...(await campaign('spring-news', true)), ...(await campaign('summer-news', false))];
    s3.resetHistory();
    concurrentUpdate = true;

    // Act
    const outcome = await run().then(
      () => 'published',
      (error: Error) => error.message,
    );

    // Assess
    expect(outcome).toBe('ConflictException');
    expect(storeKeys()).toEqual(['spring-news', 'summer-news']);
    expect(deletes()).toEqual([]);
  });
});

describe("the blog's keys in the edge's store", () => {
  /** A published post as the renderer takes it; only its slug and old slugs matter to the store. */
  const post = (slug: string, redirectsFrom: string[] = []): PublishedPost => ({
    id: slug.padEnd(22, '0').slice(0, 22),
    slug,
    title: slug,
    subtitle: '',
    postedDate: '2026-01-01',
    author: '',
    markdown: '',
    metaDescription: '',
    socialTitle: '',
    publishedAt: NOW,
    revision: 1,
    redirectsFrom,
  });
  let posts: PublishedPost[] = [];
  const blog = blogSection({
    seed: async () => undefined,
    posts: async () => posts,
    renderKit: async () => '{}',
    render: () => [],
    siteUrl: SITE,
  });
  const publishBlog = () =>
    publishSite(
      campaigns,
      awsPublishedSite({
        s3: new S3Client({ region: 'ca-central-1' }),
        cloudFront: new CloudFrontClient({ region: 'us-east-1' }),
        keyValueStore: new CloudFrontKeyValueStoreClient({ region: 'us-east-1' }),
        bucket: 'site-bucket',
        distributionId: 'E2EXAMPLE',
        routesStoreArn: STORE_ARN,
      }),
      [blog],
      { now: NOW },
    );

  it('puts 60 posts in two UpdateKeys of at most 50, the second against the version the first left', async () => {
    // Prepare: an issue of the newsletter already in the store, which the blog does not own
    storeEntries.set('spring-news', 'published');
    posts = Array.from({ length: 60 }, (_, index) => post(`post-${index}`));

    // Act
    await publishBlog();

    // Assess
    const updates = keyUpdates();
    expect(updates.map((update) => [update.IfMatch, update.Puts!.length, update.Deletes!.length])).toEqual([
      ['E1', 50, 0],
      ['E2', 10, 0],
    ]);
    expect(storeEntries.get(postRouteKey('post-59'))).toBe('post-59');
    expect(storeEntries.get('spring-news')).toBe('published');
  });

  it("moves a changed slug's key, points every old slug at the post's path now, and leaves the newsletter's keys", async () => {
    // Prepare: a post whose slug changed once, published
    storeEntries.set('spring-news', 'published');
    posts = [post('in-the-thaw', ['the-thaw'])];
    await publishBlog();
    kvs.resetHistory();
    posts = [post('after-the-thaw', ['in-the-thaw', 'the-thaw'])];

    // Act
    await publishBlog();

    // Assess
    expect(keyUpdates()).toEqual([
      {
        KvsARN: STORE_ARN,
        IfMatch: 'E2',
        Puts: [
          { Key: postRouteKey('after-the-thaw'), Value: 'after-the-thaw' },
          { Key: redirectRouteKey('in-the-thaw'), Value: '/after-the-thaw' },
          { Key: redirectRouteKey('the-thaw'), Value: '/after-the-thaw' },
        ],
        Deletes: [{ Key: postRouteKey('in-the-thaw') }],
      },
    ]);
    expect(Object.fromEntries(storeEntries)).toEqual({
      'spring-news': 'published',
      [postRouteKey('after-the-thaw')]: 'after-the-thaw',
      [redirectRouteKey('in-the-thaw')]: '/after-the-thaw',
      [redirectRouteKey('the-thaw')]: '/after-the-thaw',
    });
  });
});
