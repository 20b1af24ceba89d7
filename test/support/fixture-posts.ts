import { EXPECTED_POSTS } from '#test/support/spec-posts.ts';
import type { PublishedPost } from '#shared/blog-site.ts';
import { dateTextParts, imageBaseName, POST_IMAGE_SIZE } from '#web/build/blog/front-matter.ts';
import { postView } from '#web/render/post-views.ts';
import type { PostView } from '#web/src/features/blog/types.ts';

/** 'May 16, 2024' -> '2024-05-16'; 'December 2022' -> '2022-12' (only the month is known). */
export function postedDateOf(dateText: string): string {
  const { year, month, day } = dateTextParts(dateText)!;
  return day ? `${year}-${month}-${day}` : `${year}-${month}`;
}

/** Title Case of a slug, e.g. 'quiet-quitting' -> 'Quiet Quitting'. */
const titleOf = (slug: string) =>
  slug
    .split('-')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

/** The 25 posts of the spec as the renderer takes them, for rendering tests that must not need a build. */
export const FIXTURE_PUBLISHED: PublishedPost[] = EXPECTED_POSTS.map(({ slug, dateText, subtitle }, index) => {
  const base = imageBaseName(slug);
  const image = { src: `/images/blog/${base}.svg`, ...POST_IMAGE_SIZE, alt: '' };
  return {
    id: `fixture-post-${String(index).padStart(9, '0')}`,
    slug,
    title: titleOf(slug),
    subtitle: subtitle ?? '',
    postedDate: postedDateOf(dateText),
    author: index % 2 === 0 ? 'Maren Holt' : '',
    markdown: `What ${titleOf(slug)} means.\n\n## Why\n\nBecause.\n\n<!-- mid-article -->\n\n## So\n\nAct on it.\n`,
    banner: image,
    thumbnail: image,
    metaDescription: `What ${titleOf(slug)} means for Alberta employers.`,
    socialTitle: '',
    socialImage: { ...image, src: `/images/blog/og/${base}.png` },
    publishedAt: 1_700_000_000 - index * 86_400,
    revision: 1,
    redirectsFrom: [],
  };
});

/** The same posts as their pages show them (newest first, as the spec lists them). */
export const FIXTURE_POSTS: PostView[] = FIXTURE_PUBLISHED.map(postView);
