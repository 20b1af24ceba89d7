import { BUSINESS } from '#shared/constants/business.ts';

/** Copy shared by every page: header, footer and the skip link. */
export const SITE_COPY = {
  skipLink: 'Skip to main content',
  logoAlt: `${BUSINESS.name} home`,
  menuButton: 'Menu',
  mainNavLabel: 'Main',
  newTabHint: '(opens in a new tab)',
  nav: {
    home: 'Home',
    about: 'About',
    candidate: 'Candidate',
    employer: 'Employer',
    blog: 'Blog',
    contact: 'Contact',
  },
  footer: {
    tagline: 'Hiring clarity for employers and candidates across Alberta.',
    location: `${BUSINESS.city}, ${BUSINESS.province}`,
    legalNavLabel: 'Legal',
    privacy: 'Privacy Policy',
    terms: 'Terms of Use',
    accessibility: 'Accessibility',
    copyright: `© ${BUSINESS.copyrightYear} ${BUSINESS.name}. All rights reserved.`,
  },
  routeError: {
    title: 'Something went wrong',
    body: 'This page did not load properly, often because the site was just updated. Reloading usually fixes it.',
    reload: 'Reload this page',
  },
} as const;
