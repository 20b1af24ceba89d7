/**
 * Whether a slug can be a post's address (`/<slug>`), as far as the site's own routes decide it
 * (issue 31: a slug may not traverse paths, shadow a route, or reach another post's objects): the
 * characters the edge routes (POST_SLUG_PATTERN), the length, and none of the site's pages and
 * folders. Whether another post holds it is the Posts table's to say (lambdas/data/post-slugs.ts).
 * For the console's form, its live check and the consolePosts function alike.
 */
import { POST_SLUG_PATTERN, RESERVED_SLUGS } from './blog-site';
import { POST_LIMITS } from './console/posts';
import { DYNAMIC_PAGES, sitePaths } from './paths';

/** The first segment of a site path (`/employer/form` → `employer`). */
const firstSegment = (path: string) => path.split('/')[1] ?? '';

/**
 * Every first segment the site's own pages use: the spec's pages and the pages reached from an
 * email. The blog's two posts named in sitePaths are not among them: they are posts (the seed holds
 * the engagement post's slug and its legacy one), whose slugs the Posts table guards.
 */
export const SITE_ROUTE_SEGMENTS: ReadonlySet<string> = new Set(
  [
    ...Object.entries(sitePaths)
      .filter(([name]) => name !== 'engagementPost' && name !== 'legacyEngagementPost')
      .map(([, path]) => firstSegment(path)),
    ...DYNAMIC_PAGES.map((page) => firstSegment(page.prefix)),
    ...RESERVED_SLUGS,
  ].filter(Boolean),
);

export const SLUG_MESSAGES = {
  required: 'Give the post an address, e.g. hiring-in-alberta.',
  pattern:
    'The address may use lower-case letters and digits, in words joined by single hyphens (an apostrophe may sit inside a word), e.g. hiring-in-alberta.',
  tooLong: `The address can be at most ${POST_LIMITS.slug} characters.`,
  route: (slug: string) => `/${slug} is a page of the site already: choose another address.`,
} as const;

/** What is wrong with `slug` as a post's address by the site's own rules, or undefined. */
export const slugRuleProblem = (slug: string): string | undefined => {
  if (slug === '') return SLUG_MESSAGES.required;
  if (slug.length > POST_LIMITS.slug) return SLUG_MESSAGES.tooLong;
  if (!POST_SLUG_PATTERN.test(slug)) return SLUG_MESSAGES.pattern;
  if (SITE_ROUTE_SEGMENTS.has(slug)) return SLUG_MESSAGES.route(slug);
  return undefined;
};
