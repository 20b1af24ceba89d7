/** Copy of /contact. */
export const CONTACT_COPY = {
  title: 'Contact Us',
  intro:
    'Whether you are hiring, rethinking a role or planning what comes next for your team, we would like to hear from you. Leave your details and we will be in touch.',
  responseTime: 'We strive to answer all inquiries within 24 hours.',
  call: {
    title: 'Prefer to talk?',
    body: 'Book a discovery call at a time that suits you.',
    link: 'Book a discovery call',
  },
  emailLabel: 'Email',
} as const;
