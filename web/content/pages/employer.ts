/** Copy of /employer and of the Human Relations Scorecard page (/employer/form). */
export const EMPLOYER_COPY = {
  eyebrow: 'For employers',
  headline: 'Hire with clarity. Keep the people you hire.',
  intro: [
    'Every unclear role costs you twice: once in a hire that does not work out, and again in the time and morale it takes to replace them.',
    'We help small and mid-sized organizations define roles by the behaviours and outcomes that matter, then find, develop and keep people who fit.',
  ],
  cta: 'Get the free Scorecard',
  image: {
    src: '/images/employer.svg',
    width: 800,
    height: 600,
    alt: '',
  },
  servicesTitle: 'How we help',
  services: [
    {
      title: 'Role clarity',
      body: 'Turn a job description into expectations a candidate can picture and a manager can observe.',
    },
    {
      title: 'Assessments',
      body: 'Understand how candidates and teams naturally work, using recognised assessment tools.',
    },
    {
      title: 'Succession and team planning',
      body: 'Prepare your leaders and team for growth, change and the day you hand over the keys.',
    },
  ],
  scorecard: {
    title: 'Start with the free Human Relations Scorecard',
    body: 'A short self-assessment of your hiring and people practices. See where you are strong, and where a change would make the biggest difference.',
  },
} as const;

export const SCORECARD_PAGE_COPY = {
  eyebrow: 'Free resource for employers',
  title: 'Download the Human Relations Scorecard',
  intro:
    'Tell us where to send it and we will email you a link to download the Scorecard. It is a short self-assessment that shows where your hiring and people practices stand today.',
  pointsTitle: 'The Scorecard helps you see',
  points: [
    'How clearly your roles and expectations are defined',
    'How well those expectations reach candidates and staff',
    'Where gaps in fit may be costing you people and time',
  ],
  formLabel: 'Request the Scorecard',
} as const;
