/**
 * Valid request bodies as the site's forms send them
 * (docs/spec/site-spec.md#3-entities-and-their-fields); tests override single fields.
 */
export const NOW = 1_760_000_000;

export const scorecardBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Avery',
  lastName: 'Stone',
  email: 'Avery.Stone@Example.ca',
  jobTitle: 'HR Director',
  organization: 'Prairie Builders',
  helpDescription: 'We are hiring 12 site supervisors.',
  signupMe: true,
  website: '',
  formType: 'Employer',
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

export const signupBody = (overrides: Record<string, unknown> = {}) => ({
  email: 'jordan.lee@example.org',
  firstName: 'Jordan',
  lastName: 'Lee',
  jobTitle: '',
  organization: '',
  helpDescription: 'Looking for a site supervisor role.',
  signupMe: true,
  website: '',
  audience: 'candidate',
  ...overrides,
});

const identity = {
  email: 'jordan.lee@example.org',
  firstName: 'Jordan',
  lastName: 'Lee',
  helpDescription: 'Looking for a site supervisor role.',
  signupMe: false,
};

export const unsubscribeBody = (audience: 'candidate' | 'employer', overrides: Record<string, unknown> = {}) => ({
  ...identity,
  unsubscribeReason: [false, true, false, false, true, false, false],
  ...(audience === 'employer' ? { updatedAt: NOW } : {}),
  ...overrides,
});

export const preferenceBody = (overrides: Record<string, unknown> = {}) => ({
  ...identity,
  emailSetting: [true, false, true],
  unsubscribeAllEmail: [false],
  updatedAt: NOW,
  ...overrides,
});

/** A well-formed subscriber id / download token (22 base64url characters). */
export const SUBSCRIBER_ID = 'AbCdEfGhIjKlMnOpQrStUv';
