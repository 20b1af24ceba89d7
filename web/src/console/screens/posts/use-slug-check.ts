import type { SlugCheck } from '#shared/console/posts.ts';
import { useLiveRender, type PreviewState } from '../../preview/use-live-render';
import { checkSlug } from './posts-api';

/** How long the address stays unchanged before it is checked (each check reads the Posts table). */
export const SLUG_CHECK_PAUSE_MS = 400;

export type SlugState = PreviewState<SlugCheck>;

/**
 * The address checked live against the site's routes, other posts and old addresses that redirect
 * (POST_ROUTES.slugCheck), once the owner pauses, as a preview is (use-live-render.ts: an older
 * answer never replaces a newer one). Not asked while the form's own rules refuse it (`ruleProblem`,
 * said under the field) or while it is the post's own stored address (`own`).
 */
export const useSlugCheck = (slug: string, id: string | undefined, ruleProblem: string | undefined, own?: string) =>
  useLiveRender(
    JSON.stringify([slug, id]),
    ruleProblem !== undefined || slug === own ? '' : undefined,
    (signal) => checkSlug(slug, id, signal),
    SLUG_CHECK_PAUSE_MS,
  );

/** The answer's problem, once the address is known to be taken. */
export const slugTaken = (state: SlugState) =>
  state.status === 'ready' && state.preview.problem ? state.preview.problem : undefined;
