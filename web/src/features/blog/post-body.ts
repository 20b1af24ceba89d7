import { bodyLoaders } from '#web/.generated/blog/body-loaders.ts';
import { createPostBodyStore } from './post-body-store';

/**
 * The site's post bodies. Only this module knows the loaders, and each loader is a
 * dynamic import of one post's chunk: a post page fetches its own body and nothing else.
 */
const postBodies = createPostBodyStore(bodyLoaders);

/** Await before prerendering or hydrating a post page, so it renders without suspending. */
export const preloadPostBody = (id: number): Promise<void> => postBodies.preload(id);

/** For PostPage's render: synchronous once loaded, otherwise suspends. */
export const usePostBody = (id: number) => postBodies.usePostBody(id);
