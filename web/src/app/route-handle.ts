import { createContext, useContext } from 'react';
import type { Audience } from '#shared/constants/audiences.ts';
import type { PageMeta } from '../lib/page-meta';

/** A page module's file from the repository root, as esbuild's metafile names it. */
export type PageSource = `web/src/${string}.tsx`;

/**
 * The static facts a route carries: the file of the page module it imports lazily (the build
 * maps it to its chunks for modulepreload), its <head> metadata, and the data a shared page
 * module needs to tell its routes apart.
 */
export interface RouteHandle {
  /** The file the route's lazy import (`PageRoute.page` in ./routing.tsx) loads. */
  source: PageSource;
  meta: PageMeta;
  /** The scorecard form is a focused task: the spec hides the footer there. */
  hideFooter?: boolean;
  /**
   * The blog's pages (`index`: /blog, `post`: every post), which the blog's renderer writes
   * (web/render/blog-site.tsx), not the build's prerender: their content is the owners' data.
   */
  blog?: 'index' | 'post';
  /** Subscriber routes: which form for which audience. */
  subscriber?: { form: 'unsubscribe' | 'settings'; audience: Audience };
  /** Confirmation routes (double opt-in): the audience whose subscription the token confirms. */
  confirmation?: { audience: Audience };
}

export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

/** Inside a page module: the handle of the route that rendered it. */
export const useRouteHandle = () => useContext(RouteHandleContext);

/**
 * The blog's page modules (a post's, /blog's): the route table imports them lazily, the build finds
 * their chunks for the render kit, and the blog's renderer renders them (web/render/blog-pages.tsx).
 */
export const BLOG_PAGE_SOURCES = {
  post: 'web/src/app/routes/blog-post.tsx',
  index: 'web/src/features/blog/BlogIndexPage.tsx',
} as const satisfies Record<string, PageSource>;
