/**
 * An owner's changes to the blog's posts as the Posts table stores them (lambdas/data/post-items.ts),
 * made directly, for the publisher's tests: what the console's publish, unpublish, schedule and
 * cancel leave in the table, without a session.
 */
import { getItem, putIfAbsent, updateItem } from '#lambdas/data/items.ts';
import {
  postItemId,
  publishedAttributes,
  revisionItemId,
  SCHEDULE_ATTRIBUTES,
  type PostFields,
  type PostItem,
  type RevisionItem,
} from '#lambdas/data/post-items.ts';
import type { TableStore } from '#lambdas/data/stores.ts';
import { setAttributes } from '#lambdas/data/update-expression.ts';
import { POST_LIST } from '#shared/post-list-index.ts';

/** A post's fields, all but the slug, title and date left plain. */
export const postFields = (slug: string, title: string, postedDate: string, markdown = `Words of ${title}.`) =>
  ({
    title,
    slug,
    subtitle: '',
    postedDate,
    author: '',
    markdown,
    metaDescription: `About ${title}.`,
    socialTitle: '',
  }) satisfies PostFields;

/** A post id of the form the console makes (22 base64url characters), from a short name. */
export const postId = (name: string) => name.padEnd(22, '0').slice(0, 22);

export const ownerPosts = (store: TableStore, now: () => number) => {
  const postOf = async (id: string) => (await getItem<PostItem>(store, postItemId(id)))!;
  /** The post's next revision, saved with these fields; the post created at revision 1 if new. */
  const save = async (id: string, fields: PostFields): Promise<number> => {
    const post = await getItem<PostItem>(store, postItemId(id));
    const revision = (post?.version ?? 0) + 1;
    await putIfAbsent(store, {
      id: revisionItemId(id, revision),
      kind: 'post-revision',
      postId: id,
      revision,
      savedAt: now(),
      savedBy: 'owner@chinooktalent.ca',
      cause: 'saved',
      fields,
    } satisfies RevisionItem);
    if (!post) {
      await putIfAbsent(store, {
        ...fields,
        id: postItemId(id),
        kind: 'post',
        list: POST_LIST,
        postId: id,
        state: 'draft',
        version: 1,
        createdAt: now(),
        updatedAt: now(),
        updatedBy: 'owner@chinooktalent.ca',
        redirectsFrom: [],
      } satisfies PostItem);
    } else await updateItem(store, postItemId(id), setAttributes({ ...fields, version: revision, updatedAt: now() }));
    return revision;
  };
  const remove = (id: string, attributes: readonly string[], values: Record<string, unknown>) => {
    const set = setAttributes(values);
    return updateItem(store, postItemId(id), {
      ...set,
      UpdateExpression: `${set.UpdateExpression} REMOVE ${attributes.map((name) => `#r_${name}`).join(', ')}`,
      ExpressionAttributeNames: {
        ...set.ExpressionAttributeNames,
        ...Object.fromEntries(attributes.map((name) => [`#r_${name}`, name])),
      },
    });
  };
  return {
    /** Saves these fields as a new revision and publishes it now, as "Publish" does. */
    publish: async (id: string, fields: PostFields) => {
      const revision = await save(id, fields);
      await updateItem(
        store,
        postItemId(id),
        setAttributes(publishedAttributes(await postOf(id), revision, fields.slug, now())),
      );
    },
    /** Takes the post off the site, as "Unpublish" does: its page and its redirects go. */
    unpublish: (id: string) => remove(id, ['publishedRevision', 'publishedSlug'], { state: 'unpublished' }),
    /** Saves these fields and schedules their publish at `at` with `token`, as "Schedule" does. */
    schedule: async (id: string, fields: PostFields, at: number, token: string) => {
      const revision = await save(id, fields);
      await updateItem(
        store,
        postItemId(id),
        setAttributes({
          state: 'scheduled',
          scheduledAt: at,
          scheduledRevision: revision,
          scheduledSlug: fields.slug,
          scheduleToken: token,
        }),
      );
    },
    /** Takes a scheduled publish back, as "Cancel schedule" does. */
    cancel: (id: string) => remove(id, SCHEDULE_ATTRIBUTES, { state: 'draft' }),
    /** The post item as stored. */
    post: postOf,
  };
};
