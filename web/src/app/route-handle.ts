import { createContext, useContext } from 'react';
import type { Audience } from '#shared/constants/audiences.ts';
import type { PostSummary } from '../features/blog/types';
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
  /** Blog post routes: the post this route shows. */
  post?: PostSummary;
  /** Subscriber routes: which form for which audience. */
  subscriber?: { form: 'unsubscribe' | 'settings'; audience: Audience };
  /** Confirmation routes (double opt-in): the audience whose subscription the token confirms. */
  confirmation?: { audience: Audience };
}

export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

/** Inside a page module: the handle of the route that rendered it. */
export const useRouteHandle = () => useContext(RouteHandleContext);
