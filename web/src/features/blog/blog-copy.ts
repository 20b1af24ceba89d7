/**
 * The words of the blog's own pages (index, post frame, shared callout and side panel).
 * Copy only: the owners edit it here, the components place it. The posts themselves are
 * in web/content/posts, the page titles and descriptions in web/content/pages/meta.ts.
 */
export const BLOG_COPY = {
  index: {
    heading: 'Blog',
    intro:
      'Practical notes on hiring, turnover, succession and leadership for Alberta business owners and the people they hire.',
    readMore: 'Read More',
    /** Under the grid while older posts are not shown yet. */
    showOlder: 'Show older posts',
  },
  post: {
    posted: 'Posted',
    byline: 'By',
  },
  /** The tinted block set in the middle of every post. */
  midArticle: {
    heading: 'Hiring clarity starts with a conversation',
    text: 'Tell us about the role you need to fill or the team you want to keep. In a free discovery call we listen, ask the questions that clarify the work, and suggest a practical next step.',
    link: 'Book a discovery call',
  },
  sidePanel: {
    label: 'Work with us',
    contact: {
      heading: 'Questions about hiring?',
      text: 'We strive to answer all inquiries within 24 hours.',
      link: 'Contact us',
    },
    bookCall: {
      heading: 'Talk it through',
      text: 'Choose a time that suits you for a conversation with one of our consultants.',
      link: 'Book a call',
    },
    resources: {
      eyebrow: 'Free resource',
      heading: 'The Human Relations Scorecard',
      text: 'See where your hiring and people practices are strong, and where they leak. Free for employers.',
      link: 'Download the Scorecard',
    },
  },
  postNav: {
    label: 'More posts',
    previous: 'Previous Post',
    back: 'Back to Blog Page',
    next: 'Next Post',
  },
} as const;
