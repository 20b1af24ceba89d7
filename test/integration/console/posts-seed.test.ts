/**
 * The repository's posts seed a new stack's Posts table once (issue 31, decision 0053): 25
 * published posts as the site shows them today, never a second copy, and never again once the
 * table was seeded, whatever the owners did since.
 */
import { ownPostsTable, createOwnPostsTable } from './own-posts-table';
import { DeleteItemCommand } from '@aws-sdk/client-dynamodb';
import { createDynamoClient } from '#lambdas/runtime/aws-clients/dynamodb.ts';
import { marshall } from '#lambdas/data/attribute-values.ts';
import { getItem, updateItem } from '#lambdas/data/items.ts';
import { postItemId, SEED_MARKER_ID, slugItemId, type PostItem } from '#lambdas/data/post-items.ts';
import { POST_SEED } from '#lambdas/data/post-seed.generated.ts';
import { allPostItems, readPublishedPosts, seedPostsIfEmpty } from '#lambdas/data/posts.ts';

const store = { db: createDynamoClient(), table: ownPostsTable! };
const NOW = 1_790_000_000;

beforeAll(() => createOwnPostsTable());

describe('the seed', () => {
  it('publishes the 25 posts of web/content/posts once, newest first, as the blog shows them', async () => {
    expect(await seedPostsIfEmpty(store, NOW)).toEqual({ seeded: 25, skipped: [] });

    const posts = await readPublishedPosts(store);
    expect(posts).toHaveLength(25);
    expect(posts.map((post) => post.slug).slice(0, 3)).toEqual([
      'navigating-the-hiring-maze',
      'barriers-to-succession-planning-business-autonomy-and-success',
      'what-hat-to-wear-as-you-grow',
    ]);
    expect(posts.at(-1)!.slug).toBe('talent-or-luck-what-matters-most');
    const treePlanter = posts.find((post) => post.slug === 'do-you-want-to-be-a-tree-planter')!;
    expect(treePlanter).toMatchObject({
      postedDate: '2022-12',
      subtitle: 'Clarifying Expectations Part II',
      revision: 1,
      banner: { src: '/images/blog/do-you-want-to-be-a-tree-planter.svg', width: 1200, height: 630, alt: '' },
    });
    expect(treePlanter.markdown).toContain('<!-- mid-article -->');
    // The spec's legacy address of the engagement post answers 301 to it, wherever its slug goes.
    expect(posts.find((post) => post.slug === 'friction-free-employee-engagement')!.redirectsFrom).toEqual([
      'friction-free-employment-engagement',
    ]);
    expect(await getItem(store, slugItemId('friction-free-employment-engagement'))).toMatchObject({
      postId: POST_SEED.find((seed) => seed.fields.slug === 'friction-free-employee-engagement')!.id,
    });
    const [first] = await allPostItems(store);
    expect(first).toMatchObject({ state: 'published', version: 1, publishedRevision: 1, updatedBy: 'seed' });
  });

  it('never seeds again, even once the owners took every post down', async () => {
    for (const item of await allPostItems(store))
      await updateItem(store, item.id, {
        UpdateExpression: 'SET #state = :down REMOVE publishedRevision',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: marshall({ ':down': 'unpublished' }),
      });

    expect(await seedPostsIfEmpty(store, NOW + 60)).toEqual({ seeded: 0, skipped: [] });
    expect(await readPublishedPosts(store)).toEqual([]);
    expect(await allPostItems(store)).toHaveLength(25);
  });

  it('completes a seeding cut short, with no second copy of a post', async () => {
    const [cut] = POST_SEED;
    await store.db.send(new DeleteItemCommand({ TableName: store.table, Key: marshall({ id: SEED_MARKER_ID }) }));
    await store.db.send(new DeleteItemCommand({ TableName: store.table, Key: marshall({ id: postItemId(cut!.id) }) }));

    expect(await seedPostsIfEmpty(store, NOW + 120)).toEqual({ seeded: 25, skipped: [] });
    const items = await allPostItems(store);
    expect(items).toHaveLength(25);
    expect(items.filter((item: PostItem) => item.slug === cut!.fields.slug)).toHaveLength(1);
  });
});
