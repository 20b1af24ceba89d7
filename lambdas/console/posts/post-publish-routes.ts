/**
 * Publishing from the console (shared/console/posts.ts POST_ROUTES publish, cancelSchedule,
 * unpublish; decision 0053): a route only records on the post what goes on the site and when, then
 * asks the site's publisher for a run (now) or leaves it to a one-time EventBridge Scheduler
 * schedule (later); the publisher, a reconciler, writes the pages. Audited, each of them.
 */
import { postPagePath } from '#shared/blog-site.ts';
import { POST_ROUTES, type PostChanged } from '#shared/console/posts.ts';
import { claimSlug } from '../../data/post-drafts';
import { fieldsOf, type PostItem } from '../../data/post-items';
import { cancelSchedule, publishNow, schedulePublish, unpublish } from '../../data/post-publishing';
import { Refusal } from '../../domain/refusal';
import { jsonResponse } from '../../http/responses';
import { requestPublisherRun } from '../../publisher/publisher-trigger';
import * as log from '../../runtime/log';
import { onFirstUse } from '../../runtime/on-first-use';
import { randomToken } from '../../runtime/tokens';
import { bodyRoute, type ConsoleRoute } from '../kit/router';
import { POST_MESSAGES } from './post-messages';
import { postAtVersion, postOf, postSchemas, slugProblem, type PostRequest } from './post-routes';
import { postDraft } from './post-view';

/** A publish may be set at most this far ahead. */
const LONGEST_AHEAD_SECONDS = 366 * 86400;
/** A time this little in the past (a slow click) still means now. */
const GRACE_SECONDS = 60;
/**
 * A schedule fires within the minute of its time, and one whose time has passed may be refused at
 * creation (launch-starter.ts says where): a publish due within this is made now.
 */
const SCHEDULE_AHEAD_SECONDS = 60;

/** Made on first use: a function that only writes needs neither the Lambda nor the Scheduler client. */
const publisherTrigger = onFirstUse(async () =>
  (await import('../../publisher/lambda-publisher-trigger')).publisherTriggerFromEnv(),
);
const requestRun = (postId: string) => requestPublisherRun(async () => (await publisherTrigger())(), postId);
const schedules = onFirstUse(async () => (await import('./post-schedules')).postSchedulesFromEnv());

/**
 * Deletes the schedule a post no longer waits for. Its token is gone from the post already, so a
 * schedule that still fires publishes nothing: a failure here is logged, not the owner's to fix.
 */
const tidySchedule = (post: PostItem, why: string) =>
  schedules()
    .then((made) => made.remove({ postId: post.postId, token: post.scheduleToken! }))
    .catch((error: Error) =>
      log.warn(`${why}: its schedule was not deleted`, { post: post.postId, error: error.name }),
    );

const whenOf = (at: number) =>
  `on ${new Date(at * 1000).toLocaleString('en-CA', { timeZone: 'America/Edmonton', dateStyle: 'long', timeStyle: 'short' })} (Alberta time)`;

/** The answer of a change the publisher follows: its words, or what to do when the run was not asked for. */
const changed = (post: PostItem, message: string, requested = true) =>
  jsonResponse(202, {
    message: requested ? message : POST_MESSAGES.siteNotAsked,
    post: postDraft(post),
  } satisfies PostChanged);

/**
 * What goes on the site passes the rules again (one stored before a rule, or written around the
 * API, is refused in the rule's words) and holds its slug (a draft whose creation was cut short
 * claims it here, or learns who has it).
 */
const publishable = async (request: PostRequest, post: PostItem) => {
  await postSchemas.checked((schemas) => schemas.postFieldsSchema, { ...fieldsOf(post) });
  if (!(await claimSlug(request.stores.posts, post.slug, post.postId)))
    throw new Refusal(
      'conflict',
      (await slugProblem(request, post.slug, post.postId)) ?? POST_MESSAGES.changedMeanwhile,
    );
};

export const POST_PUBLISH_ROUTES: ConsoleRoute<PostRequest>[] = [
  bodyRoute({
    route: POST_ROUTES.publish,
    body: postSchemas.bodySchema((schemas) => schemas.postPublishSchema),
    handle: async (request, { version, at }) => {
      const post = await postAtVersion(request, version);
      if (post.state === 'scheduled') throw new Refusal('conflict', POST_MESSAGES.alreadyScheduled);
      const publishAt = at === undefined ? request.now : Math.floor(Date.parse(at) / 1000);
      if (!(publishAt >= request.now - GRACE_SECONDS && publishAt <= request.now + LONGEST_AHEAD_SECONDS))
        throw new Refusal('invalid', POST_MESSAGES.badTime);
      await publishable(request, post);
      const path = postPagePath(post.slug);

      if (publishAt <= request.now + SCHEDULE_AHEAD_SECONDS) {
        const published = await publishNow(request.stores.posts, post, request.now);
        if (!published) throw new Refusal('conflict', POST_MESSAGES.changedMeanwhile);
        await request.audit({
          action: 'post.publish',
          target: post.postId,
          summary: `Published revision ${published.publishedRevision} of "${published.title}" at ${path}`,
        });
        return changed(published, POST_MESSAGES.publishing(path), await requestRun(post.postId));
      }

      const token = randomToken();
      const scheduled = await schedulePublish(request.stores.posts, post, publishAt, token);
      if (!scheduled) throw new Refusal('conflict', POST_MESSAGES.changedMeanwhile);
      try {
        await (await schedules()).create({ postId: post.postId, token }, publishAt);
      } catch (error) {
        // Nothing would publish it: taken back, so the owner can schedule again.
        await cancelSchedule(request.stores.posts, scheduled);
        log.error('Post publish could not be scheduled', { post: post.postId, error: (error as Error).name });
        throw new Refusal('unavailable', POST_MESSAGES.couldNotSchedule);
      }
      await request.audit({
        action: 'post.schedule',
        target: post.postId,
        summary: `Scheduled revision ${scheduled.scheduledRevision} of "${scheduled.title}" to be published ${whenOf(publishAt)} at ${path}`,
      });
      return changed(scheduled, POST_MESSAGES.scheduled(whenOf(publishAt), path));
    },
  }),
  {
    route: POST_ROUTES.cancelSchedule,
    handle: async (request) => {
      const post = await postOf(request);
      if (post.state !== 'scheduled') throw new Refusal('conflict', POST_MESSAGES.notScheduled);
      const cancelled = await cancelSchedule(request.stores.posts, post);
      if (!cancelled) throw new Refusal('conflict', POST_MESSAGES.notScheduled);
      await tidySchedule(post, 'Cancelled publish');
      await request.audit({
        action: 'post.cancel-schedule',
        target: post.postId,
        summary: `Cancelled the scheduled publish of "${post.title}"`,
      });
      return jsonResponse(200, { message: POST_MESSAGES.cancelled, post: postDraft(cancelled) } satisfies PostChanged);
    },
  },
  {
    route: POST_ROUTES.unpublish,
    handle: async (request) => {
      const post = await postOf(request);
      if (post.publishedRevision === undefined) throw new Refusal('conflict', POST_MESSAGES.notPublished);
      const down = await unpublish(request.stores.posts, post);
      if (!down) throw new Refusal('conflict', POST_MESSAGES.changedMeanwhile);
      if (post.scheduleToken) await tidySchedule(post, 'Unpublished post');
      const path = postPagePath(post.publishedSlug!);
      await request.audit({
        action: 'post.unpublish',
        target: post.postId,
        summary: `Took "${post.title}" off the site (${path})`,
      });
      return changed(down, POST_MESSAGES.unpublishing(path), await requestRun(post.postId));
    },
  },
];
