import { use, type ReactPromise } from 'react';

/** A post's rendered HTML, split where the shared mid-article callout goes. */
export interface PostBody {
  before: string;
  after: string;
}

/** One loader per post id; each is a separate dynamic import, so a separate chunk. */
export type BodyLoaders = Record<number, () => Promise<{ default: PostBody }>>;

export interface PostBodyStore {
  /** Loads a body (once); the prerender and the client entry await it before rendering. */
  preload(id: number): Promise<void>;
  /** The body if it has loaded, else undefined. */
  peek(id: number): PostBody | undefined;
  /**
   * Inside render: returns a loaded body synchronously, so hydration renders exactly the
   * prerendered HTML; otherwise suspends until the chunk arrives (e.g. after a Next click).
   */
  usePostBody(id: number): PostBody;
}

/**
 * Bodies are cached as promises carrying React's `status`/`value` fields (the contract
 * `use` reads): a promise already marked 'fulfilled' is returned synchronously instead
 * of suspending, which is what lets hydration match the prerendered HTML.
 */
export function createPostBodyStore(loaders: BodyLoaders): PostBodyStore {
  const cache = new Map<number, ReactPromise<PostBody>>();

  function load(id: number): ReactPromise<PostBody> {
    const cached = cache.get(id);
    if (cached) return cached;
    const loader = loaders[id];
    const loading = loader
      ? loader().then((module) => module.default)
      : Promise.reject(new Error(`There is no blog post with id ${id}`));
    const tracked: ReactPromise<PostBody> = Object.assign(loading, { status: 'pending' as const });
    loading.then(
      (value) => Object.assign(tracked, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(tracked, { status: 'rejected', reason });
        // Forget a failed load (e.g. a dropped connection) so the next visit tries again.
        cache.delete(id);
      },
    );
    cache.set(id, tracked);
    return tracked;
  }

  return {
    preload: async (id) => {
      await load(id);
    },
    peek: (id) => {
      const cached = cache.get(id);
      return cached?.status === 'fulfilled' ? cached.value : undefined;
    },
    usePostBody: (id) => use(load(id)),
  };
}
