import { EXPECTED_POSTS } from '../../support/spec-posts';
import type { PostSummary } from '#web/src/features/blog/types.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'May 16, 2024' -> '2024-05-16'; 'December 2022' -> '2022-12-01'. */
export function isoFromDateText(dateText: string): string {
  const [, month, day = '1', year] = /^(\w+) (?:(\d+), )?(\d{4})$/.exec(dateText) ?? [];
  return `${year}-${String(MONTHS.indexOf(month) + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** Title Case of a slug, e.g. 'quiet-quitting' -> 'Quiet Quitting'. */
const titleOf = (slug: string) =>
  slug
    .split('-')
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');

/** The 25 posts of the spec as summaries, for rendering tests that must not need a build. */
export const FIXTURE_POSTS: PostSummary[] = EXPECTED_POSTS.map(({ slug, dateText, subtitle }, id) => {
  const base = slug.replace(/'/g, '');
  return {
    id,
    slug,
    title: titleOf(slug),
    ...(subtitle ? { subtitle } : {}),
    dateText,
    isoDate: isoFromDateText(dateText),
    ...(id % 2 === 0 ? { author: 'Maren Holt' } : {}),
    description: `What ${titleOf(slug)} means for Alberta employers.`,
    image: { src: `/images/blog/${base}.svg`, width: 1200, height: 630, alt: '' },
    ogImage: `/images/blog/og/${base}.png`,
  };
});
