/**
 * The blog's data as the public site reads it after the HTML: a post's body and neighbours, and
 * the catalog /blog lists, from the JSON files the publisher writes (shared/blog-site.ts). Each is
 * fetched once (the page's boot script has already asked for it: `data-fetch`, web/src/boot.ts)
 * and read in render without suspending once loaded, so hydration matches the prerendered HTML.
 */
import { BLOG_CATALOG_PATH, postDataPath } from '#shared/blog-site.ts';
import { createSuspenseCache } from '../../lib/suspense-cache';
import type { BlogCatalog, PostPageData } from './types';

/**
 * A data file, or null when the site has none at that path. The edge answers a missing object
 * with 404 (the branded page) or S3's 403 for a key it may not list: either way, no such post.
 */
async function readDataFile<T>(url: string): Promise<T | null> {
  const response = await fetch(url);
  if (response.status === 404 || response.status === 403) return null;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** By slug: the post's data, or null for a slug no published post has (the page shows the 404 page). */
const postPages = createSuspenseCache((slug) => readDataFile<PostPageData>(postDataPath(slug)));

const CATALOG_KEY = 'catalog';
const catalogs = createSuspenseCache(async () => {
  const catalog = await readDataFile<BlogCatalog>(BLOG_CATALOG_PATH);
  if (!catalog) throw new Error(`${BLOG_CATALOG_PATH} is missing`);
  return catalog;
});

/** Await before rendering a post's path, so it renders without suspending. */
export const preloadPostPage = (slug: string) => postPages.preload(slug);
/** In render: the post's data (null: no such post); suspends until loaded. */
export const usePostPage = (slug: string) => postPages.useValue(slug);
/** The post's data if already loaded (null: no such post), without suspending. */
export const peekPostPage = (slug: string) => postPages.peek(slug);

export const preloadCatalog = () => catalogs.preload(CATALOG_KEY);
export const useCatalog = () => catalogs.useValue(CATALOG_KEY);

/**
 * For a render that holds the data already (the blog's renderer, web/render): what it renders is
 * read synchronously, as after a preload; `forget` clears it when the render is done, so a
 * long-lived process never keeps a post that is no longer published.
 */
export const blogDataForRender = {
  providePost: (slug: string, data: PostPageData) => postPages.provide(slug, data),
  forgetPost: (slug: string) => postPages.forget(slug),
  provideCatalog: (catalog: BlogCatalog) => catalogs.provide(CATALOG_KEY, catalog),
  forgetCatalog: () => catalogs.forget(CATALOG_KEY),
};
