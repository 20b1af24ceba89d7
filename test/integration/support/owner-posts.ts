/**
 * An owner's changes to the blog's posts, made with the console's own data functions
 * (lambdas/data/post-drafts.ts, post-publishing.ts) without a session, for the publisher's tests:
 * what a save, a publish, an unpublish, a schedule and its cancel leave in the Posts table.
 */
import { createPost, getPost, savePost } from '#lambdas/data/post-drafts.ts';
import type { PostFields, PostItem } from '#lambdas/data/post-items.ts';
import { cancelSchedule, publishNow, schedulePublish, unpublish } from '#lambdas/data/post-publishing.ts';
import type { TableStore } from '#lambdas/data/stores.ts';

const OWNER = 'owner@chinooktalent.ca';

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

const done = (post: PostItem | undefined, what: string) => {
  if (!post) throw new Error(`The post was not ${what}: changed meanwhile`);
  return post;
};

export const ownerPosts = (store: TableStore, now: () => number) => {
  const postOf = async (id: string) => done(await getPost(store, id), 'found');
  /** These fields as the post's next revision (revision 1 of a new post). */
  const save = async (id: string, fields: PostFields) => {
    const post = await getPost(store, id);
    const outcome = post
      ? await savePost(store, post, fields, { owner: OWNER, now: now(), cause: 'saved' })
      : await createPost(store, id, fields, { owner: OWNER, now: now() });
    if (!('saved' in outcome)) throw new Error(`The post was not saved: ${outcome.refused}`);
    return outcome.saved;
  };
  return {
    /** Saves these fields and publishes them now, as "Publish" does. */
    publish: async (id: string, fields: PostFields) =>
      done(await publishNow(store, await save(id, fields), now()), 'published'),
    /** Takes the post off the site, as "Unpublish" does: its page and its redirects go. */
    unpublish: async (id: string) => done(await unpublish(store, await postOf(id)), 'unpublished'),
    /** Saves these fields and schedules their publish at `at` with `token`, as "Schedule" does. */
    schedule: async (id: string, fields: PostFields, at: number, token: string) =>
      done(await schedulePublish(store, await save(id, fields), at, token), 'scheduled'),
    /** Takes a scheduled publish back, as "Cancel schedule" does. */
    cancel: async (id: string) => done(await cancelSchedule(store, await postOf(id)), 'cancelled'),
    /** The post item as stored. */
    post: postOf,
  };
};
