import { EXPECTED_POSTS } from '../../support/spec-posts';
import { dateTextParts, imageBaseName, POST_IMAGE_SIZE } from '#web/build/blog/front-matter.ts';
import type { PostSummary } from '#web/src/features/blog/types.ts';

/** 'May 16, 2024' -> '2024-05-16'; 'December 2022' -> '2022-12-01'. */
export function isoFromDateText(dateText: string): string {
  const { year, month, day = '01' } = dateTextParts(dateText)!;
  return `${year}-${month}-${day}`;
}

/** Title Case of a slug, e.g. 'quiet-quitting' -> 'Quiet Quitting'. */
const titleOf = (slug: string) =>
  slug
    .split('-')
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');

/** The 25 posts of the spec as summaries, for rendering tests that must not need a build. */
export const FIXTURE_POSTS: PostSummary[] = EXPECTED_POSTS.map(({ slug, dateText, subtitle }, id) => {
  const base = imageBaseName(slug);
  return {
    id,
    slug,
    title: titleOf(slug),
    ...(subtitle ? { subtitle } : {}),
    dateText,
    isoDate: isoFromDateText(dateText),
    ...(id % 2 === 0 ? { author: 'Maren Holt' } : {}),
    description: `What ${titleOf(slug)} means for Alberta employers.`,
    image: { src: `/images/blog/${base}.svg`, ...POST_IMAGE_SIZE, alt: '' },
    ogImage: `/images/blog/og/${base}.png`,
  };
});
