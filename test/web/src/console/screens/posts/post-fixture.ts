/**
 * The Posts screen's tests: the signed-in owner, a stored post as the API answers it, and the
 * routes its page calls on its own (the session, the post, its preview, its address's check).
 */
import { callOf, routeKeyOf } from '#shared/route-key.ts';
import type { PostDraft } from '#shared/console/posts.ts';
import { POST_ROUTES } from '#shared/console/posts.ts';
import { OWNER } from '#test/web/src/console/screens/campaigns/campaign-draft.ts';

export { OWNER };

export const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
export const PATH = callOf(POST_ROUTES.get, { id: ID }).path;

/** A draft saved three times. */
export const post = (overrides: Partial<PostDraft> = {}): PostDraft => ({
  id: ID,
  title: 'Spring hiring news',
  slug: 'spring-hiring-news',
  state: 'draft',
  postedDate: '2026-11-28',
  updatedAt: 1_780_000_000,
  updatedBy: OWNER.owner,
  subtitle: '',
  author: 'Maren Holt',
  markdown: 'Hello from the firm.\n\nSpring is busy.',
  metaDescription: 'What employers in Alberta are asking for this spring.',
  socialTitle: '',
  version: 3,
  redirectsFrom: [],
  ...overrides,
});

/** The fields a save sends, as the form holds them. */
export const savedFields = (stored: PostDraft) => ({
  title: stored.title,
  slug: stored.slug,
  postedDate: stored.postedDate,
  subtitle: stored.subtitle,
  author: stored.author,
  markdown: stored.markdown,
  metaDescription: stored.metaDescription,
  socialTitle: stored.socialTitle,
});

/** The routes a post's page calls by itself: the session, the post (each reply in turn), the preview. */
export const pageRoutes = (...stored: PostDraft[]) => ({
  'GET /api/admin/auth/session': [{ status: 200, body: OWNER }],
  [`GET ${PATH}`]: stored.map((body) => ({ status: 200, body })),
  [routeKeyOf(POST_ROUTES.preview)]: [
    { status: 200, body: '<!doctype html><html><body><h1>Spring hiring news</h1></body></html>' },
  ],
});
