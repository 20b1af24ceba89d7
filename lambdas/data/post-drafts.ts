/**
 * The console's writing of posts (docs/decisions/0053-blog-posts-from-the-console.md): a new post,
 * every save a new revision (numbered without gaps, never overwritten), a restore as a save of an
 * old revision's fields, and the deletion of a post never published. Slugs are claimed by a
 * conditional put of their `slug#` item, so two posts never hold one; a slug a post no longer
 * holds is released.
 */
import type { PostRevisionRow } from '#shared/console/posts.ts';
import { POST_LIST } from '#shared/post-list-index.ts';
import { batchGetItems, getItem, putIfAbsent, takeItem, updateItem } from './items';
import {
  fieldsOf,
  heldSlugs,
  postItemId,
  revisionItemId,
  slugItemId,
  type PostFields,
  type PostItem,
  type RevisionItem,
  type SlugItem,
} from './post-items';
import type { TableStore } from './stores';
import { setAttributes } from './update-expression';

/** The optional fields: a save without one removes it. */
const OPTIONAL_IMAGES = ['banner', 'thumbnail', 'socialImage'] as const;

export const getPost = async (store: TableStore, postId: string): Promise<PostItem | undefined> => {
  const item = await getItem<PostItem>(store, postItemId(postId));
  return item?.kind === 'post' ? item : undefined;
};

/** Who holds a slug (its post's id), if anyone. */
export const slugHolder = async (store: TableStore, slug: string): Promise<string | undefined> =>
  (await getItem<SlugItem>(store, slugItemId(slug)))?.postId;

/** Claims `slug` for the post; true when it is the post's now (or was already), false when another holds it. */
export const claimSlug = (store: TableStore, slug: string, postId: string): Promise<boolean> =>
  putIfAbsent<SlugItem>(
    store,
    { id: slugItemId(slug), kind: 'post-slug', slug, postId },
    'attribute_not_exists(id) OR postId = :post',
    { ':post': postId },
  );

/** Lets go of `slug`, only if the post holds it. */
const releaseSlug = (store: TableStore, slug: string, postId: string) =>
  takeItem(store, slugItemId(slug), 'postId = :post', { ':post': postId });

export type SaveOutcome = { saved: PostItem } | { refused: 'slug-taken' | 'changed' };

interface SaveBy {
  owner: string;
  now: number;
  cause: PostRevisionRow['cause'];
  restoredFrom?: number;
}

const revisionOf = (postId: string, revision: number, fields: PostFields, by: SaveBy): RevisionItem => ({
  id: revisionItemId(postId, revision),
  kind: 'post-revision',
  postId,
  revision,
  savedAt: by.now,
  savedBy: by.owner,
  cause: by.cause,
  ...(by.restoredFrom !== undefined && { restoredFrom: by.restoredFrom }),
  fields: fieldsOf(fields),
});

/**
 * A new post, a draft at revision 1; refused when its slug is another post's. Its items first and
 * the slug last, so a creation cut short leaves a draft the owners see (its slug claimed again on
 * its next save or publish), never a slug nobody can use; a slug lost to another post takes the
 * new items back.
 */
export const createPost = async (
  store: TableStore,
  postId: string,
  fields: PostFields,
  by: Omit<SaveBy, 'cause' | 'restoredFrom'>,
): Promise<SaveOutcome> => {
  const post: PostItem = {
    ...fieldsOf(fields),
    id: postItemId(postId),
    kind: 'post',
    list: POST_LIST,
    postId,
    state: 'draft',
    version: 1,
    createdAt: by.now,
    updatedAt: by.now,
    updatedBy: by.owner,
    redirectsFrom: [],
  };
  await putIfAbsent(store, revisionOf(postId, 1, fields, { ...by, cause: 'saved' }));
  await putIfAbsent(store, post);
  if (await claimSlug(store, fields.slug, postId)) return { saved: post };
  await takeItem(store, post.id);
  await takeItem(store, revisionItemId(postId, 1));
  return { refused: 'slug-taken' };
};

/**
 * Saves `fields` as the post's next revision, if the post is still at `post.version` (else
 * `changed`). The revision's own item is the lock: it is created only if absent, so of two owners
 * saving the same version one writes it and the other is refused, and its number has no gap. Then
 * the post's fields (only those: a publish made meanwhile stays), and the slug it left, released
 * unless the post still holds it (on the site, scheduled, a redirect).
 */
export const savePost = async (
  store: TableStore,
  post: PostItem,
  fields: PostFields,
  by: SaveBy,
): Promise<SaveOutcome> => {
  const next = post.version + 1;
  // Claimed at every save, not only a new one: a draft whose creation was cut short holds none yet.
  const newSlug = !heldSlugs(post).has(fields.slug);
  if (!(await claimSlug(store, fields.slug, post.postId))) return { refused: 'slug-taken' };
  if (!(await putIfAbsent(store, revisionOf(post.postId, next, fields, by)))) {
    if (newSlug) await releaseSlug(store, fields.slug, post.postId);
    return { refused: 'changed' };
  }
  const { banner, thumbnail, socialImage, ...plain } = fieldsOf(fields);
  const absent = OPTIONAL_IMAGES.filter((name) => fields[name] === undefined);
  const set = setAttributes(
    { ...plain, banner, thumbnail, socialImage, version: next, updatedAt: by.now, updatedBy: by.owner },
    { names: Object.fromEntries(absent.map((name) => [`#${name}`, name])), values: { ':seen': post.version } },
  );
  const saved = await updateItem<PostItem>(store, post.id, {
    ...set,
    UpdateExpression: `${set.UpdateExpression}${absent.length ? ` REMOVE ${absent.map((name) => `#${name}`).join(', ')}` : ''}`,
    ConditionExpression: 'version = :seen',
    ReturnValues: 'ALL_NEW',
  });
  // Only a post deleted meanwhile (its revision was ours, so nobody else saved this version).
  if (!saved) return { refused: 'changed' };
  if (post.slug !== fields.slug && !heldSlugs(saved).has(post.slug)) await releaseSlug(store, post.slug, post.postId);
  return { saved };
};

/** One revision of a post. */
export const getRevision = async (
  store: TableStore,
  postId: string,
  revision: number,
): Promise<RevisionItem | undefined> => {
  const item = await getItem<RevisionItem>(store, revisionItemId(postId, revision));
  return item?.kind === 'post-revision' ? item : undefined;
};

/** Every revision of a post, newest first: numbered 1 … version, so read by their keys (no index). */
export const revisionsOf = async (store: TableStore, post: PostItem): Promise<PostRevisionRow[]> => {
  const ids = Array.from({ length: post.version }, (_, index) => revisionItemId(post.postId, index + 1));
  const items = await batchGetItems<RevisionItem>(store, ids, [
    'revision',
    'savedAt',
    'savedBy',
    'cause',
    'restoredFrom',
  ]);
  return items
    .map(({ revision, savedAt, savedBy, cause, restoredFrom }) => ({
      revision,
      savedAt,
      savedBy,
      cause,
      ...(restoredFrom !== undefined && { restoredFrom }),
    }))
    .sort((a, b) => b.revision - a.revision);
};

/**
 * Deletes a post never published nor scheduled, at `version`: its item first (conditional), so
 * nothing can publish it after, then its revisions and its slug. Undefined when it changed, was
 * published or scheduled meanwhile, or is gone.
 */
export const deleteDraftPost = async (store: TableStore, post: PostItem, version: number) => {
  const taken = await takeItem<PostItem>(
    store,
    post.id,
    'version = :seen AND #state = :draft AND attribute_not_exists(publishedAt)',
    { ':seen': version, ':draft': 'draft' },
    { '#state': 'state' },
  );
  if (!taken) return undefined;
  for (let revision = 1; revision <= taken.version; revision += 1)
    await takeItem(store, revisionItemId(taken.postId, revision));
  for (const slug of heldSlugs(taken)) await releaseSlug(store, slug, taken.postId);
  return taken;
};
