/**
 * One invocation of the site's publisher, as its Lambda handler and the local twin run it: one
 * publication at a time (one-run-at-a-time.ts) of every section (publish-site.ts).
 */
import type { TableStore } from '../data/stores';
import { runOneAtATime, type OneRunAtATimeResult } from './one-run-at-a-time';
import { publishSite, type PublishedSite, type PublishResult, type SiteSection } from './publish-site';

export interface PublisherDeps {
  /** The Campaigns table: the publisher's state item and its lease. */
  state: TableStore;
  site: PublishedSite;
  sections: readonly SiteSection[];
  /** Unix seconds. */
  now: () => number;
}

export const publisherInvocation = (
  deps: PublisherDeps,
  {
    giveUpAt,
    rewriteAll = () => false,
  }: {
    /** Epoch ms: a run still waiting for another's lease then gives up, for Lambda to retry. */
    giveUpAt: number;
    /** Asked at each publication: whether it writes every object (the twin's rebuilt web/dist). */
    rewriteAll?: () => boolean;
  },
): Promise<OneRunAtATimeResult<PublishResult>> =>
  runOneAtATime(
    deps.state,
    () => publishSite(deps.state, deps.site, deps.sections, { now: deps.now(), rewriteAll: rewriteAll() }),
    { giveUpAt },
  );
