import { useEffect, useState } from 'react';

/** How often and how long the site is asked whether a publish or unpublish has reached it. */
export const SITE_LOOK_EVERY_MS = 1000;
export const SITE_LOOK_FOR_MS = 60_000;

interface Awaited_ {
  path: string;
  /** Published (the page served), or taken down (not found). */
  present: boolean;
  /** The page's ETag before a publish of a post already on the site: done once it differs. */
  before?: string;
}

export type Following = (Awaited_ & { stage: 'waiting' | 'done' | 'late' }) | undefined;

/** What the site serves at `path` now, asked past every cache: the answer is the site's own. */
export async function servedPage(path: string): Promise<{ ok: boolean; tag?: string } | undefined> {
  try {
    const response = await fetch(path, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    return { ok: response.ok, tag: response.headers?.get('etag') ?? undefined };
  } catch {
    return undefined;
  }
}

/**
 * A publish (or an unpublish) answered 202: the site's publisher runs after it. This follows the
 * site itself until the page is served, in its new version (or answers "page not found"), so the
 * owner sees the work end rather than a promise, and after a minute says it takes longer.
 */
export function useSiteFollows() {
  const [following, setFollowing] = useState<Following>();
  const waiting = following?.stage === 'waiting' ? following : undefined;
  const path = waiting?.path;
  const present = waiting?.present;
  const before = waiting?.before;

  useEffect(() => {
    if (path === undefined || present === undefined) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const until = Date.now() + SITE_LOOK_FOR_MS;
    const look = async () => {
      const now = await servedPage(path);
      if (stopped) return;
      const done = now !== undefined && now.ok === present && (!present || before === undefined || now.tag !== before);
      if (done || Date.now() > until) return setFollowing({ path, present, before, stage: done ? 'done' : 'late' });
      timer = setTimeout(() => void look(), SITE_LOOK_EVERY_MS);
    };
    void look();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [path, present, before]);

  return {
    following,
    follow: (awaited: Awaited_) => setFollowing({ ...awaited, stage: 'waiting' }),
    stop: () => setFollowing(undefined),
  };
}

/** What the owner is told while and after the site follows. */
export function followingText({ path, present, stage }: NonNullable<Following>): string {
  if (stage === 'waiting')
    return present ? `Publishing: waiting for the site to show ${path}…` : `Taking it down: waiting for ${path} to go…`;
  if (stage === 'done')
    return present
      ? `Done: ${path} is on the site.`
      : `Done: ${path} answers "page not found" and the blog no longer lists it.`;
  return `The site has not followed yet (${path}). It usually takes seconds; look again in a minute.`;
}
