/**
 * The site's publisher's reconciler (docs/decisions/0052-newsletter-archive.md, 0053-blog-posts-from-the-console.md):
 * every part of the public site the web build cannot know (a section: the newsletter archive, the
 * blog) computed whole from the tables, compared with what the last run wrote, and only the
 * difference written, routed at the edge, deleted and invalidated.
 */
import { createHash } from 'node:crypto';
import type { SiteObject } from '#shared/blog-site.ts';
import { getPublisherState, savePublisherState, type WrittenObject } from '../data/publisher-state';
import type { TableStore } from '../data/stores';
import { invalidationPaths } from './invalidation-paths';
import type { RouteOwner } from './route-changes';

/** Where the publisher writes: the site bucket, the edge's KeyValueStore and CloudFront in AWS; web/dist locally. */
export interface PublishedSite {
  /** Writes (or replaces) one object. */
  put(object: SiteObject): Promise<void>;
  remove(key: string): Promise<void>;
  /** One object's body (the render kit the deploy uploaded); throws when there is none. */
  read(key: string): Promise<string>;
  /**
   * Makes the edge's keys that `owns` accepts exactly `routes` (key → value), leaving every other
   * key alone; nothing when they already are.
   */
  route(routes: Readonly<Record<string, string>>, owns: RouteOwner): Promise<void>;
  /** Drops the cached copies of these site paths, so visitors get the new ones at once. */
  invalidate(paths: string[]): Promise<void>;
}

/** What a section is now: its objects, its edge routes and, for the logs, what it publishes. */
export interface SectionContent {
  objects: SiteObject[];
  routes: Record<string, string>;
  /** The slugs it publishes, newest first. */
  published: string[];
}

/** One part of the site the publisher owns, and what of the bucket and of the edge's store is its. */
export interface SiteSection {
  name: string;
  /** An object key of this section: what it may write and delete. */
  ownsKey(key: string): boolean;
  /** An edge key of this section: what it may put and delete. */
  ownsRoute: RouteOwner;
  /** Everything of the section as it should be now, from the tables. */
  compute(): Promise<SectionContent>;
}

export interface PublishResult {
  /** Per section that computed: the slugs it publishes, newest first. */
  published: Record<string, string[]>;
  written: string[];
  removed: string[];
  invalidated: string[];
}

/** A section could not be computed: its objects and routes were left as they were, the others published. */
export class SectionsFailed extends Error {
  override readonly name = 'SectionsFailed';
  constructor(readonly failures: { section: string; error: unknown }[]) {
    super(
      `Not published: ${failures.map(({ section, error }) => `${section} (${(error as Error)?.message ?? error})`).join('; ')}`,
    );
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Computes each section; one that fails is reported, not thrown, so the others still publish. */
const computeAll = async (sections: readonly SiteSection[]) => {
  const computed: { section: SiteSection; content: SectionContent }[] = [];
  const failures: { section: string; error: unknown }[] = [];
  for (const section of sections) {
    try {
      const content = await section.compute();
      const foreign = content.objects.find((object) => !section.ownsKey(object.key));
      if (foreign) throw new Error(`it made ${foreign.key}, outside its keys`);
      const foreignRoute = Object.keys(content.routes).find((key) => !section.ownsRoute(key));
      if (foreignRoute) throw new Error(`it routed ${foreignRoute}, outside its edge keys`);
      computed.push({ section, content });
    } catch (error) {
      failures.push({ section: section.name, error });
    }
  }
  return { computed, failures };
};

/**
 * Brings the sections on the site in line with the tables. Idempotent, so any change may ask for
 * a run and a repeated or concurrent run does no harm (one at a time anyway: one-run-at-a-time.ts):
 * 1. every section is computed (one that fails keeps what it had on the site, and the run throws
 *    SectionsFailed at the end, so Lambda runs it again);
 * 2. objects whose content differs from the last run's are written (all with `rewriteAll`: a site
 *    whose files were replaced, the twin's rebuilt web/dist);
 * 3. the edge's keys are brought in line, after the new pages exist and before old ones go, so the
 *    edge never routes to a missing page; every run, compared with the edge's own keys;
 * 4. objects a section no longer computes are deleted;
 * 5. the written and deleted objects' paths are invalidated, in one invalidation (nothing changed,
 *    no invalidation: CloudFront bills each path past the first 1,000 a month);
 * 6. the state is saved (after the objects, so a failed run is redone in full).
 */
export const publishSite = async (
  store: TableStore,
  site: PublishedSite,
  sections: readonly SiteSection[],
  { now, rewriteAll = false }: { now: number; rewriteAll?: boolean },
): Promise<PublishResult> => {
  const { computed, failures } = await computeAll(sections);
  const before = await getPublisherState(store);
  const objects = new Map<string, SiteObject>();
  for (const { content } of computed) {
    for (const object of content.objects) {
      if (objects.has(object.key)) throw new Error(`Two objects of the site have the key ${object.key}`);
      objects.set(object.key, object);
    }
  }
  const ownedByComputed = (key: string) => computed.some(({ section }) => section.ownsKey(key));
  const after: Record<string, WrittenObject> = Object.fromEntries(
    // A section that failed keeps what the last run wrote for it.
    Object.entries(before).filter(([key]) => !ownedByComputed(key)),
  );
  for (const [key, object] of objects) after[key] = { sha256: sha256(object.body), paths: object.paths };

  const written = [...objects.keys()].filter((key) => rewriteAll || before[key]?.sha256 !== after[key]!.sha256);
  const removed = Object.keys(before).filter((key) => ownedByComputed(key) && !objects.has(key));
  for (const key of written) await site.put(objects.get(key)!);
  await site.route(
    Object.assign({}, ...computed.map(({ content }) => content.routes)) as Record<string, string>,
    (key) => computed.some(({ section }) => section.ownsRoute(key)),
  );
  for (const key of removed) await site.remove(key);
  const invalidated = [
    ...new Set([
      ...written.flatMap((key) => invalidationPaths(key, after[key]!.paths)),
      ...removed.flatMap((key) => invalidationPaths(key, before[key]!.paths)),
    ]),
  ];
  if (invalidated.length > 0) await site.invalidate(invalidated);
  if (written.length > 0 || removed.length > 0) await savePublisherState(store, after, now);
  if (failures.length > 0) throw new SectionsFailed(failures);
  return {
    published: Object.fromEntries(computed.map(({ section, content }) => [section.name, content.published])),
    written,
    removed,
    invalidated,
  };
};
