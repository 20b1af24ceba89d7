/**
 * The spec's blog list (docs/spec/site-spec.md#2-screens-and-routes): slugs newest first, as the
 * site published them. The posts' front matter is the site's only list; the tests check that it
 * still holds these posts, in this order, with these dates (test/unit/web/content/real-content.test.ts),
 * so a renamed, dropped or reordered post fails loudly instead of breaking a published URL.
 * `dateText` is what the page shows; `subtitle` is pinned only where the spec names one.
 */
export interface ExpectedPost {
  slug: string;
  dateText: string;
  subtitle?: string;
}

export const EXPECTED_POSTS: readonly ExpectedPost[] = [
  { slug: 'navigating-the-hiring-maze', dateText: 'July 18, 2024' },
  { slug: 'barriers-to-succession-planning-business-autonomy-and-success', dateText: 'June 20, 2024' },
  { slug: 'what-hat-to-wear-as-you-grow', dateText: 'May 16, 2024' },
  { slug: 'hire-the-right-consultant-for-your-business', dateText: 'April 18, 2024' },
  { slug: 'hiring-a-business-consultant-for-your-small-business', dateText: 'April 3, 2024' },
  { slug: 'team-assessments-a-cornerstone-of-succession-planning', dateText: 'March 19, 2024' },
  { slug: 'friction-free-business-succession', dateText: 'March 7, 2024' },
  { slug: 'emotional-intelligence-in-leadership', dateText: 'February 21, 2024' },
  { slug: 'conflict-reduction-in-leadership-teams', dateText: 'February 8, 2024' },
  { slug: 'friction-free-employee-engagement', dateText: 'January 18, 2024' },
  { slug: 'hiring-for-the-holidays', dateText: 'December 19, 2023' },
  { slug: "facets-of-jobs-why-it's-so-hard-to-hire-good-people", dateText: 'November 16, 2023' },
  { slug: 'getting-your-hiring-right-with-the-power-of-clarity', dateText: 'October 19, 2023' },
  { slug: 'empowering-womens-re-entry-into-the-workforce', dateText: 'September 21, 2023' },
  { slug: 'finding-common-ground-between-candidates-and-employers', dateText: 'August 17, 2023' },
  { slug: 'empowering-entrepreneurship', dateText: 'July 20, 2023' },
  { slug: 'what-do-your-employees-really-cost-you', dateText: 'June 15, 2023' },
  { slug: 'harness-your-mental-energy-with-the-kolbe', dateText: 'May 18, 2023' },
  { slug: 'business-purpose-the-secret-to-success-and-how-to-find-yours', dateText: 'April 20, 2023' },
  { slug: 'from-setting-objectives-to-building-broader-perspectives', dateText: 'March 16, 2023' },
  { slug: 'quiet-quitting', dateText: 'February 16, 2023' },
  {
    slug: 'do-you-want-to-be-a-tree-planter',
    dateText: 'December 2022',
    subtitle: 'Clarifying Expectations Part II',
  },
  { slug: 'turnover-throws-money-and-people-away', dateText: 'November 17, 2022' },
  { slug: "psychological-safety-you-can't-see-what-you-don't-believe", dateText: 'October 20, 2022' },
  { slug: 'talent-or-luck-what-matters-most', dateText: 'September 22, 2022' },
];
