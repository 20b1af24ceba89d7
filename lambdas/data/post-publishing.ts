/**
 * A post's way onto the site and off it, as the console changes it (decision 0053): published now,
 * scheduled (EventBridge Scheduler fires publishScheduledPost in posts.ts), a schedule taken back,
 * unpublished. Each is one conditional UpdateItem of the `post#` item: of two owners acting at
 * once on what they saw, one wins and the other is told (undefined). The publisher reads the
 * result; nothing here writes the site.
 */
import type { PostState } from '#shared/console/posts.ts';
import { updateItem } from './items';
import { publishedAttributes, redirectsOnceLive, SCHEDULE_ATTRIBUTES, type PostItem } from './post-items';
import type { TableStore } from './stores';
import { setAttributes } from './update-expression';

const removeClause = (names: readonly string[]) =>
  names.length ? ` REMOVE ${names.map((name) => `#${name}`).join(', ')}` : '';
const namesOf = (names: readonly string[]) => Object.fromEntries(names.map((name) => [`#${name}`, name]));

/** SET `values` and REMOVE `removed`, if `condition` holds; the post as it is after, or undefined. */
const changePost = (
  store: TableStore,
  post: PostItem,
  values: Record<string, unknown>,
  removed: readonly string[],
  condition: { expression: string; names?: Record<string, string>; values: Record<string, unknown> },
) => {
  // Every name and value given must be used (DynamoDB refuses the others): the condition brings its own.
  const set = setAttributes(values, { names: { ...namesOf(removed), ...condition.names }, values: condition.values });
  return updateItem<PostItem>(store, post.id, {
    ...set,
    UpdateExpression: `${set.UpdateExpression}${removeClause(removed)}`,
    ConditionExpression: condition.expression,
    ReturnValues: 'ALL_NEW',
  });
};

/** Not scheduled, at the version the owner saw. */
const unscheduledAt = (version: number) => ({
  expression: '#version = :seen AND #state <> :scheduled',
  names: { '#version': 'version', '#state': 'state' },
  values: { ':seen': version, ':scheduled': 'scheduled' },
});

/** Its latest revision (`post.version`, its slug `post.slug`) on the site now. */
export const publishNow = (store: TableStore, post: PostItem, now: number) =>
  changePost(store, post, publishedAttributes(post, post.version, post.slug, now), [], unscheduledAt(post.version));

/** Its latest revision to go on the site at `at` (Unix seconds), when the schedule with `token` fires. */
export const schedulePublish = (store: TableStore, post: PostItem, at: number, token: string) =>
  changePost(
    store,
    post,
    {
      state: 'scheduled',
      scheduledAt: at,
      scheduledRevision: post.version,
      scheduledSlug: post.slug,
      scheduleToken: token,
    },
    [],
    unscheduledAt(post.version),
  );

/** What a post is once it waits for no schedule: on the site, taken down, or never published. */
const stateWithoutSchedule = (post: PostItem): PostState => {
  if (post.publishedRevision !== undefined) return 'published';
  return post.publishedAt === undefined ? 'draft' : 'unpublished';
};

/** Takes back the schedule the owner saw (its token): the post is as it was before it. */
export const cancelSchedule = (store: TableStore, post: PostItem) =>
  changePost(store, post, { state: stateWithoutSchedule(post) }, SCHEDULE_ATTRIBUTES, {
    expression: '#state = :scheduled AND #scheduleToken = :token',
    names: { '#state': 'state' },
    values: { ':scheduled': 'scheduled', ':token': post.scheduleToken },
  });

/**
 * Takes the post off the site (and any schedule with it: a schedule that still fires finds no
 * token). Its slug there stays the post's, among its old slugs unless it is still its slug, so no
 * other post takes an address people have; published again, those answer 301 to it.
 */
export const unpublish = (store: TableStore, post: PostItem) =>
  changePost(
    store,
    post,
    { state: 'unpublished', redirectsFrom: redirectsOnceLive(post, post.slug) },
    ['publishedRevision', 'publishedSlug', ...SCHEDULE_ATTRIBUTES],
    {
      expression: 'publishedRevision = :live',
      values: { ':live': post.publishedRevision },
    },
  );
