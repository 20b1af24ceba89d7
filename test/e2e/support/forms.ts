import type { Locator, Page, Request } from 'playwright-core';
import { apiPath } from '#shared/paths.ts';

/** The scorecard form on /employer/form, found by its accessible name. */
export const scorecardForm = (page: Page) => page.getByRole('form', { name: 'Request the Human Relations Scorecard' });

/** The contact / sign-up form on /contact and /candidate. */
export const signupForm = (page: Page) => page.getByRole('form', { name: 'Contact us' });

/** A text field by its visible label (exact, so "Email" does not match "Emails I want"). */
export const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });

/** The consent checkbox (its label is the consent text, which starts with these words). */
export const consentBox = (form: Locator) => form.getByRole('checkbox', { name: /^I (agree|have read)/ });

/** The scorecard form's optional marketing box (its label is the marketing consent text). */
export const marketingBox = (form: Locator) => form.getByRole('checkbox', { name: /^Yes, also send me/ });

export const submitButton = (form: Locator) => form.getByRole('button', { name: 'Submit' });

export interface PersonValues {
  firstName: string;
  lastName: string;
  email: string;
  jobTitle?: string;
  organization?: string;
  helpDescription?: string;
}

/** Types the values like a visitor (label by label); the optional fields only when given. */
export async function fillPerson(form: Locator, values: PersonValues) {
  await field(form, 'First Name').fill(values.firstName);
  await field(form, 'Last Name').fill(values.lastName);
  await field(form, 'Email').fill(values.email);
  if (values.jobTitle !== undefined) await form.getByLabel('Job Title').fill(values.jobTitle);
  if (values.organization !== undefined) await form.getByLabel('Organization').fill(values.organization);
  if (values.helpDescription !== undefined) await form.getByLabel('How can we help?').fill(values.helpDescription);
}

/** What a form shows a person after typing: every text field's value and the consent box. */
export async function typedValues(form: Locator) {
  return {
    firstName: await field(form, 'First Name').inputValue(),
    lastName: await field(form, 'Last Name').inputValue(),
    email: await field(form, 'Email').inputValue(),
    jobTitle: await form.getByLabel('Job Title').inputValue(),
    organization: await form.getByLabel('Organization').inputValue(),
    helpDescription: await form.getByLabel('How can we help?').inputValue(),
    consent: await consentBox(form).isChecked(),
  };
}

/** What typedValues reads from a form emptied after it was sent. */
export const EMPTY_FORM = {
  firstName: '',
  lastName: '',
  email: '',
  jobTitle: '',
  organization: '',
  helpDescription: '',
  consent: false,
} as const;

/**
 * Records the API calls a form makes, so a test can assert that nothing was sent. The page's own
 * visit beacon (POST /api/visits, sent when the page shows, sometimes after the form's test began)
 * is not the form's: it is left out.
 */
export function recordApiCalls(page: Page): Request[] {
  const calls: Request[] = [];
  const beacon = apiPath('collectVisit');
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname !== beacon) calls.push(request);
  });
  return calls;
}

/** The open dialog (thank-you or confirmation modal). */
export const dialog = (page: Page) => page.getByRole('dialog');

/** The title and subtitle a visitor reads in the open modal. */
export async function modalText(page: Page) {
  const modal = dialog(page);
  await modal.waitFor({ state: 'visible' });
  return {
    title: ((await modal.getByRole('heading').textContent()) ?? '').trim(),
    subtitle: ((await modal.locator('p').first().textContent()) ?? '').trim(),
  };
}

export async function closeModal(page: Page) {
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await dialog(page).waitFor({ state: 'detached' });
}
