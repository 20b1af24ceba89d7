import type { ComponentType } from 'react';

/**
 * Every lazily loaded page module, keyed by its file name under ./routes/. Each is its own
 * chunk, so a page downloads only its own code (formik and yup only on form pages).
 * The build resolves `routes/<name>.tsx` in esbuild's metafile to preload a page's chunks.
 */
export const PAGE_MODULES = {
  home: () => import('./routes/home'),
  about: () => import('./routes/about'),
  candidate: () => import('./routes/candidate'),
  employer: () => import('./routes/employer'),
  'scorecard-form': () => import('./routes/scorecard-form'),
  contact: () => import('./routes/contact'),
  privacy: () => import('./routes/privacy'),
  terms: () => import('./routes/terms'),
  'blog-index': () => import('./routes/blog-index'),
  'blog-post': () => import('./routes/blog-post'),
  subscriber: () => import('./routes/subscriber'),
  confirm: () => import('./routes/confirm'),
  'not-found': () => import('./routes/not-found'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type PageModuleName = keyof typeof PAGE_MODULES;

/** Source file of a page module, relative to the repository root (as in esbuild's metafile). */
export const pageModuleSource = (name: PageModuleName) => `web/src/app/routes/${name}.tsx`;
