import type { LeadDetail, LeadSummary } from '#shared/console/leads.ts';

/** One lead as the leads screens receive it: the inbox's row, and the lead's own page. */
export const leadSummary = (overrides: Partial<LeadSummary> = {}): LeadSummary => ({
  id: 'AbCdEfGhIjKlMnOpQrStUv',
  receivedAt: 1_780_000_000,
  form: 'signup',
  audience: 'employer',
  name: 'Avery Stone',
  email: 'avery.stone@example.ca',
  organization: 'ACME Builders',
  status: 'new',
  spam: false,
  mailStatus: 'sent',
  ...overrides,
});

export const leadDetail = (overrides: Partial<LeadDetail> = {}): LeadDetail => ({
  ...leadSummary(),
  firstName: 'Avery',
  lastName: 'Stone',
  jobTitle: 'Owner',
  message: 'We need a site supervisor.',
  marketingEmail: 'not asked',
  emails: [{ part: 'notification', state: 'sent', canResend: false }],
  statusHistory: [],
  notes: [],
  version: 3,
  ...overrides,
});
