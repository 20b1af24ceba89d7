/**
 * When the API cannot be reached (offline, DNS, a dropped connection), the forms must say so
 * and keep what the visitor typed, so a retry is one click. The stack stays up for the other
 * suites: only this page's /api/** requests are aborted, then let through for the retry.
 */
import type { Locator, Page } from 'playwright-core';
import { apiPath } from '#shared/paths.ts';
import { pagePerTest, PHONE } from './support/browser';
import {
  consentBox,
  dialog,
  fillPerson,
  modalText,
  scorecardForm,
  signupForm,
  submitButton,
  typedValues,
  type PersonValues,
} from './support/forms';
import { uniqueAddress, waitForEmail } from './support/inbox';
import { isRed, visit } from './support/site';

let page: Page;
pagePerTest(PHONE, (opened) => ({ page } = opened));

const API = '**/api/**';

const FORMS = [
  {
    name: 'scorecard',
    path: '/employer/form',
    form: scorecardForm,
    thankYou: 'Thank you for requesting the Human Relations Scorecard.',
    subject: 'Scorecard',
  },
  { name: 'contact', path: '/contact', form: signupForm, thankYou: 'Thank you for your interest.', subject: '' },
];

describe.each(FORMS)('the $name form with the API unreachable', ({ path, form: formOf, thankYou, subject }) => {
  test('shows an error in red, keeps every value, and succeeds on retry once the API is back', async () => {
    // Prepare
    const person: Required<PersonValues> = {
      firstName: 'Noor',
      lastName: 'Haddad',
      email: uniqueAddress('offline'),
      jobTitle: 'HR Lead',
      organization: 'Foothills Dental',
      helpDescription: 'Two roles to fill before spring.',
    };
    const aborted: string[] = [];
    await page.route(API, (route) => {
      aborted.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    await visit(page, path);
    const form: Locator = formOf(page);
    await fillPerson(form, person);
    await consentBox(form).check();

    // Act
    await submitButton(form).click();

    // Assess: a readable error in red, no thank-you, nothing lost
    const error = form.getByRole('alert');
    await error.waitFor();
    expect((await error.textContent())?.trim()).toMatch(/\w+/);
    expect(await error.textContent()).not.toMatch(/TypeError|Failed to fetch|undefined|\{/);
    await expect(isRed(error)).resolves.toBe(true);
    // One submission, not retried behind the visitor's back; the page's visit beacon was cut off too.
    expect(aborted.filter((url) => !url.endsWith(apiPath('collectVisit')))).toHaveLength(1);
    expect(await dialog(page).count()).toBe(0);
    expect(await typedValues(form)).toEqual({ ...person, consent: true });
    await expect(submitButton(form).isEnabled()).resolves.toBe(true);

    // Act: the connection is back; the visitor simply presses Submit again
    await page.unroute(API);
    await submitButton(form).click();

    // Assess
    expect((await modalText(page)).title).toBe(thankYou);
    expect(await form.getByRole('alert').count()).toBe(0);
    await waitForEmail(person.email, subject);
  });
});
