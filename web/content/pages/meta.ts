/**
 * Title and description of each page, as search results and link previews show them.
 * Titles get " | Chinook Talent Partners" appended in the browser tab (except home's,
 * which already names the firm). Blog posts take theirs from their own front matter.
 */
export interface PageCopyMeta {
  title: string;
  description: string;
}

export const PAGE_META = {
  home: {
    title: 'Chinook Talent Partners | Hiring clarity for Alberta employers and candidates',
    description:
      'Chinook Talent Partners connects employers and candidates through coaching, assessments and resources, so every hire starts with a clear role and a good fit.',
  },
  about: {
    title: 'About us',
    description:
      'Meet the co-founders of Chinook Talent Partners, a Calgary hiring consultancy, and our three-step process: Clarify, Explain, Align.',
  },
  candidate: {
    title: 'For candidates',
    description:
      'Find work that fits your interests, abilities and circumstances, with coaching and assessments from Chinook Talent Partners in Calgary.',
  },
  employer: {
    title: 'For employers',
    description:
      'Clarify roles, hire with confidence and reduce turnover. Start with the free Human Relations Scorecard from Chinook Talent Partners.',
  },
  scorecardForm: {
    title: 'Download the Human Relations Scorecard',
    description:
      'Get the free Human Relations Scorecard by email and see where your hiring and people practices stand today.',
  },
  contact: {
    title: 'Contact us',
    description:
      'Talk to Chinook Talent Partners about hiring, assessments or coaching. We strive to answer all inquiries within 24 hours.',
  },
  privacy: {
    title: 'Privacy Policy',
    description:
      'How Chinook Talent Partners collects, uses, keeps and protects personal information. Effective July 8, 2022.',
  },
  terms: {
    title: 'Terms of Use',
    description: 'The terms that govern your use of the Chinook Talent Partners website, resources and services.',
  },
  blog: {
    title: 'Blog',
    description:
      'Practical articles on hiring clarity, turnover cost, engagement, succession and leadership for Alberta business owners and job seekers.',
  },
  unsubscribe: {
    title: 'Unsubscribe',
    description: 'Unsubscribe from Chinook Talent Partners emails.',
  },
  settings: {
    title: 'Email preferences',
    description: 'Choose which emails you receive from Chinook Talent Partners.',
  },
  confirm: {
    title: 'Confirm your subscription',
    description: 'Confirm that you want to receive emails from Chinook Talent Partners.',
  },
  notFound: {
    title: 'Page not found',
    description:
      'The page you were looking for is not here. Find your way back to our home page, blog or contact page.',
  },
} satisfies Record<string, PageCopyMeta>;
