/** Copy of /candidate, the candidate landing page. */
export const CANDIDATE_COPY = {
  eyebrow: 'For candidates',
  headline: 'Find work that fits who you are.',
  description: [
    'A good job is more than a title and a salary. It fits your interests, the way you naturally get things done, and the life you are living right now.',
    'We use recognised assessments and one-on-one coaching to help you understand your strengths, explain them to employers in plain language, and focus your search on roles where you are likely to succeed.',
    'Returning to work after caregiving, illness or a career break? We build a practical plan around your real circumstances.',
  ],
  highlightsTitle: 'What working with us looks like',
  highlights: [
    'Assessments that show how you work best',
    'Coaching to tell your story with confidence',
    'Introductions to employers only when you say so',
  ],
  /*
   * Owner-supplied content, written for the design: replace it with a real testimonial that the
   * candidate has agreed in writing to publish, before the site goes live.
   */
  testimonial: {
    quote:
      'I came in thinking I had to take whatever I could get. I left knowing what I am good at and how to say it, and I found a role that actually fits.',
    attribution: 'Candidate, returning to work after a career break',
  },
  form: {
    title: 'Start the conversation',
    intro: 'Leave your details and we will be in touch about next steps.',
  },
} as const;
