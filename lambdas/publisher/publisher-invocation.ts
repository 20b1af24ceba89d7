/**
 * One invocation of the site's publisher, as its Lambda handler and the local twin run it: a post's
 * scheduled publish when EventBridge Scheduler fired it, then one publication at a time
 * (one-run-at-a-time.ts) of every section (publish-site.ts).
 */
import { publishScheduledPost, scheduledPublishOf } from '../data/posts';
import type { TableStore } from '../data/stores';
import { runOneAtATime, type OneRunAtATimeResult } from './one-run-at-a-time';
import { publishSite, type PublishedSite, type PublishResult, type SiteSection } from './publish-site';

export interface PublisherDeps {
  /** The Campaigns table: the publisher's state item and its lease. */
  state: TableStore;
  /** The Posts table: a scheduled publish changes its post there. */
  posts: TableStore;
  site: PublishedSite;
  sections: readonly SiteSection[];
  /** Unix seconds. */
  now: () => number;
}

export interface PublisherInvocationResult extends OneRunAtATimeResult<PublishResult> {
  /** For a schedule's event: whether it published its post (false: cancelled, replaced or fired already). */
  scheduled?: { postId: string; published: boolean };
}

/**
 * `event` is nothing (a run asked for by a change, a deploy, an operator) or a post's schedule,
 * `{ postId, token }` (its target's input). The schedule's publish is stored first, only if the
 * post still waits for that very schedule (publishScheduledPost), so the run counted after it
 * publishes it. The run follows either way: a schedule cancelled after it could no longer be
 * deleted changes nothing in the table, so the run writes nothing (every object compares equal);
 * and Lambda's retry of an event whose run failed after the publish was stored finds the token
 * gone but still publishes the post.
 */
export const publisherInvocation = async (
  deps: PublisherDeps,
  event: unknown,
  {
    giveUpAt,
    rewriteAll = () => false,
  }: {
    /** Epoch ms: a run still waiting for another's lease then gives up, for Lambda to retry. */
    giveUpAt: number;
    /** Asked at each publication: whether it writes every object (the twin's rebuilt web/dist). */
    rewriteAll?: () => boolean;
  },
): Promise<PublisherInvocationResult> => {
  const schedule = scheduledPublishOf(event);
  const scheduled = schedule && {
    postId: schedule.postId,
    published: await publishScheduledPost(deps.posts, schedule, deps.now()),
  };
  const result = await runOneAtATime(
    deps.state,
    () => publishSite(deps.state, deps.site, deps.sections, { now: deps.now(), rewriteAll: rewriteAll() }),
    { giveUpAt },
  );
  return { ...result, ...(scheduled && { scheduled }) };
};
