/**
 * What the publisher changes in the edge's KeyValueStore: computed once for the store in AWS
 * (aws-published-site.ts) and the twin's (infra/local/site-and-edge/local-published-site.ts), so both change the
 * same keys.
 */

/** Whether an edge key belongs to the sections that computed (the others' keys are left alone). */
export type RouteOwner = (key: string) => boolean;

export interface RouteChanges {
  puts: { key: string; value: string }[];
  deletes: string[];
}

/**
 * Puts what is missing or holds another value (a redirect whose post changed its slug again),
 * deletes what is owned and no longer wanted; a key no section owns is never touched.
 */
export const routeChanges = (
  present: ReadonlyMap<string, string>,
  wanted: Readonly<Record<string, string>>,
  owns: RouteOwner,
): RouteChanges => ({
  puts: Object.entries(wanted)
    .filter(([key, value]) => present.get(key) !== value)
    .map(([key, value]) => ({ key, value })),
  deletes: [...present.keys()].filter((key) => owns(key) && !Object.hasOwn(wanted, key)),
});
