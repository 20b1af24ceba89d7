/**
 * The blog's posts as the site's publisher reads and changes them
 * (docs/decisions/0053-blog-posts-from-the-console.md): the posts on the site, as the renderer takes
 * them; the repository's posts written once into a new stack's table (the seed); and a scheduled
 * publish, when EventBridge Scheduler fires it. The console's own changes are in post-drafts.ts and
 * post-publishing.ts.
 *
 * The publisher's calls, for its grants: Query on POST_LIST_INDEX; BatchGetItem; for the seed
 * PutItem (conditional, each item created only if absent); for a scheduled publish GetItem,
 * BatchGetItem and UpdateItem of a `post#` item.
 */
import { QueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import type { PublishedPost } from '#shared/blog-site.ts';
import { POST_LIST, POST_LIST_INDEX } from '#shared/post-list-index.ts';
import { startOfFirmDay } from '#shared/firm-day.ts';
import { marshall } from './attribute-values';
import { batchGetItems, getItem, putIfAbsent, updateItem } from './items';
import {
  fieldsOf,
  POST_ID_PATTERN,
  postItemId,
  publishedAttributes,
  revisionItemId,
  SCHEDULE_ATTRIBUTES,
  SEED_MARKER_ID,
  slugItemId,
  type PostItem,
  type RevisionItem,
  type SeedPost,
  type SlugItem,
} from './post-items';
import type { TableStore } from './stores';
import { setAttributes } from './update-expression';
import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { requireEnv } from '../runtime/env';
import { nowSeconds } from '../runtime/clock';

let defaultStore: TableStore | undefined;
/** The Posts table of the function's environment (POSTS_TABLE), made at first use. */
export const postsStore = (): TableStore =>
  (defaultStore ??= { db: createDynamoClient(), table: requireEnv('POSTS_TABLE') });

/**
 * Every post item, oldest created first. The index gives the ids (it is eventually consistent);
 * the items are then read strongly consistent, so a publish just made is what the publisher reads.
 */
export const allPostItems = async (store: TableStore, attributes?: string[]): Promise<PostItem[]> => {
  const ids: string[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await store.db.send(
      new QueryCommand({
        TableName: store.table,
        IndexName: POST_LIST_INDEX.name,
        KeyConditionExpression: '#list = :posts',
        ExpressionAttributeNames: { '#list': 'list' },
        ExpressionAttributeValues: marshall({ ':posts': POST_LIST }),
        ExclusiveStartKey: startKey,
      }),
    );
    ids.push(...(page.Items ?? []).map((item) => item.id!.S!));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const items = await batchGetItems<PostItem>(store, ids, attributes);
  return items.filter((item) => item.kind === 'post').sort((a, b) => a.createdAt - b.createdAt);
};

/** Newest posted first; on one day, the one published last first; then by id, so the order is total. */
const newestFirst = (a: PublishedPost, b: PublishedPost) =>
  b.postedDate.localeCompare(a.postedDate) || b.publishedAt - a.publishedAt || a.id.localeCompare(b.id);

/**
 * The posts on the site, as the renderer takes them: each published post's published revision (not
 * a later save), its slug there and the old slugs that answer 301 to it, newest posted first.
 */
export const readPublishedPosts = async (store: TableStore = postsStore()): Promise<PublishedPost[]> => {
  const live = (await allPostItems(store)).filter((item) => item.publishedRevision !== undefined);
  const revisions = new Map(
    (
      await batchGetItems<RevisionItem>(
        store,
        live.map((item) => revisionItemId(item.postId, item.publishedRevision!)),
      )
    ).map((revision) => [revision.postId, revision]),
  );
  return live
    .flatMap((item): PublishedPost[] => {
      const revision = revisions.get(item.postId);
      if (!revision) return [];
      const { thumbnail, banner, socialImage, ...fields } = fieldsOf(revision.fields);
      return [
        {
          ...fields,
          ...(banner && { banner }),
          ...(thumbnail && { thumbnail }),
          ...(socialImage && { socialImage }),
          id: item.postId,
          slug: item.publishedSlug!,
          publishedAt: item.publishedAt!,
          revision: item.publishedRevision!,
          redirectsFrom: item.redirectsFrom,
        },
      ];
    })
    .sort(newestFirst);
};

/** When a seed post counts as published: the first second of its posted day (or month) in Alberta. */
const seedPublishedAt = (postedDate: string) =>
  startOfFirmDay(postedDate.length === 7 ? `${postedDate}-01` : postedDate);

/** Writes one seed post, each item only if absent: a seeding cut short and run again completes it. */
const seedOne = async (store: TableStore, seed: SeedPost, now: number): Promise<boolean> => {
  const slugs = [seed.fields.slug, ...seed.redirectsFrom];
  for (const slug of slugs) {
    const slugItem: SlugItem = { id: slugItemId(slug), kind: 'post-slug', slug, postId: seed.id };
    const held = await putIfAbsent(store, slugItem, 'attribute_not_exists(id) OR postId = :post', { ':post': seed.id });
    if (!held) return false;
  }
  const revision: RevisionItem = {
    id: revisionItemId(seed.id, 1),
    kind: 'post-revision',
    postId: seed.id,
    revision: 1,
    savedAt: now,
    savedBy: 'seed',
    cause: 'seeded',
    fields: seed.fields,
  };
  await putIfAbsent(store, revision);
  const post: PostItem = {
    ...seed.fields,
    id: postItemId(seed.id),
    kind: 'post',
    list: POST_LIST,
    postId: seed.id,
    state: 'published',
    version: 1,
    createdAt: now,
    updatedAt: now,
    updatedBy: 'seed',
    publishedRevision: 1,
    publishedSlug: seed.fields.slug,
    publishedAt: seedPublishedAt(seed.fields.postedDate),
    redirectsFrom: seed.redirectsFrom,
  };
  await putIfAbsent(store, post);
  return true;
};

export interface SeedResult {
  /** Posts written by this call (0 once the table was seeded). */
  seeded: number;
  /** Seed posts left out because another post holds their slug (named for the log). */
  skipped: string[];
}

/**
 * The repository's posts (web/content/posts, bundled: post-seed.generated.ts) written into a table
 * never seeded: each published at revision 1 (cause `seeded`), then the marker, so no later run seeds
 * again, even after the owners changed or unpublished every post. Nothing when the marker exists.
 */
export const seedPostsIfEmpty = async (
  store: TableStore = postsStore(),
  now: number = nowSeconds(),
  seed?: readonly SeedPost[],
): Promise<SeedResult> => {
  if (await getItem(store, SEED_MARKER_ID, ['id'])) return { seeded: 0, skipped: [] };
  const posts = seed ?? (await import('./post-seed.generated')).POST_SEED;
  const skipped: string[] = [];
  for (const post of posts) if (!(await seedOne(store, post, now))) skipped.push(post.fields.slug);
  await putIfAbsent(store, {
    id: SEED_MARKER_ID,
    kind: 'post-seed',
    seededAt: now,
    posts: posts.length - skipped.length,
  });
  return { seeded: posts.length - skipped.length, skipped };
};

/** What a post's schedule passes to the publisher when it fires (its target's `Input`, as JSON). */
export interface ScheduledPublish {
  postId: string;
  token: string;
}

/** The schedule's event, if that is what `event` is (the publisher is also invoked with none). */
export const scheduledPublishOf = (event: unknown): ScheduledPublish | undefined => {
  const { postId, token } = (event ?? {}) as Record<string, unknown>;
  return typeof postId === 'string' && POST_ID_PATTERN.test(postId) && typeof token === 'string' && token !== ''
    ? { postId, token }
    : undefined;
};

/**
 * A fired schedule: publishes the revision it was made for, only if the post still waits for this
 * very schedule (its token). A schedule cancelled, replaced, or already fired (Scheduler may invoke
 * a target twice) finds another token or none, and changes nothing. True when it published.
 */
export const publishScheduledPost = async (
  store: TableStore,
  { postId, token }: ScheduledPublish,
  now: number,
): Promise<boolean> => {
  const item = await getItem<PostItem>(store, postItemId(postId));
  if (item?.kind !== 'post' || item.state !== 'scheduled' || item.scheduleToken !== token) return false;
  const update = setAttributes(publishedAttributes(item, item.scheduledRevision!, item.scheduledSlug!, now), {
    names: Object.fromEntries(SCHEDULE_ATTRIBUTES.map((name) => [`#${name}`, name])),
    values: { ':token': token, ':scheduled': 'scheduled' },
  });
  const published = await updateItem(store, item.id, {
    ...update,
    UpdateExpression: `${update.UpdateExpression} REMOVE ${SCHEDULE_ATTRIBUTES.map((name) => `#${name}`).join(', ')}`,
    ConditionExpression: '#state = :scheduled AND #scheduleToken = :token',
  });
  return published !== undefined;
};
