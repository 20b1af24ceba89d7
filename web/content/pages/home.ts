/** Copy of the landing page (/). The two card headlines are the spec's exact words. */
export const HOME_COPY = {
  eyebrow: 'Hiring and career clarity in Alberta',
  title: 'The right person in the right role starts with clarity.',
  intro:
    'We help employers define what success in a role really looks like, and help candidates find work that fits how they think and what they care about.',
  audiencesLabel: 'Choose where to start',
  candidate: {
    label: 'For candidates',
    headline: 'You have a lot to offer. We see it.',
    body: 'Coaching and assessments that help you name your strengths, talk about them with confidence and find work where you are likely to thrive, including after time away from the workforce.',
    cta: 'Find your fit',
    image: {
      src: '/images/home-candidate.svg',
      width: 640,
      height: 480,
      alt: '',
    },
  },
  employer: {
    label: 'For employers',
    headline: "Hiring defines your organization's future.",
    body: 'Clear roles attract the right people and keep them. We help owners, managers and HR professionals rethink roles, assess fit and hire with confidence.',
    cta: 'Get started',
    image: {
      src: '/images/home-employer.svg',
      width: 640,
      height: 480,
      alt: '',
    },
  },
  process: {
    title: 'How we work',
    intro: 'Three steps that take the guesswork out of hiring, for both sides of the table.',
    more: 'More about our team and process',
  },
} as const;
