/** Copy of /about. Team members and assessment notices live in web/content/team.ts. */
export const ABOUT_COPY = {
  title: 'About',
  mission: [
    'Chinook Talent Partners is a human resources and hiring consultancy based in Calgary. Our mission is to make hiring clear for everyone involved: employers who need the right people, and candidates who deserve work that fits.',
    'We work with small and mid-sized business owners, CEOs, managers and HR professionals, and with job seekers, including women returning to work. Through coaching, assessments and practical resources, we replace guesswork with a shared understanding of what each role needs.',
  ],
  processTitle: 'Our process',
  contactMenu: {
    button: 'Contact us to Learn About Our Process',
    candidate: 'I am a Candidate',
    employer: 'I am an Employer',
  },
  noticesTitle: 'Assessment notices',
  team: {
    title: 'Our Team',
    intro: 'Our three co-founders are certified consultants in personal and work assessment tools.',
    certificationsLabel: 'Certifications',
  },
} as const;
