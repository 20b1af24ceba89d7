/**
 * The employer's journey (docs/spec/site-spec.md#2-screens-and-routes, #5-validation-rules): home
 * -> /employer -> the scorecard form, each of its validation messages, its two boxes (terms
 * required, marketing optional and confirmed by email), a valid request, the email with the
 * download link, and the PDF.
 */
import type { Locator, Page } from 'playwright-core';
import { API_SUCCESS } from '#shared/constants/messages.ts';
import { baseUrl, pagePerTest, PHONE } from './support/browser';
import {
  consentBox,
  EMPTY_FORM,
  field,
  fillPerson,
  marketingBox,
  modalText,
  recordApiCalls,
  scorecardForm,
  submitButton,
  typedValues,
} from './support/forms';
import { expectNoEmail, linksIn, SUBJECTS, uniqueAddress, waitForEmail } from './support/inbox';
import { confirmationLinkIn } from './support/subscribers';
import { descriptionOf, exactText, isRed, visit } from './support/site';

let page: Page;
let errors: string[];
pagePerTest(PHONE, (opened) => ({ page, errors } = opened));

/** The message tied to a control, read exactly (the spec's 'Email is invalid ' ends in a space). */
async function errorOf(control: Locator) {
  expect(await control.getAttribute('aria-invalid')).toBe('true');
  const description = await descriptionOf(control);
  await expect(isRed(description)).resolves.toBe(true);
  return exactText(description);
}

async function expectNoError(control: Locator) {
  expect(await control.getAttribute('aria-invalid')).toBeNull();
  expect(await control.getAttribute('aria-describedby')).toBeNull();
}

test('from the home page, Get started and the employer page lead to the scorecard form', async () => {
  // Prepare
  await visit(page, '/');

  // Act
  await page.getByRole('link', { name: 'Get started' }).click();
  await page.waitForURL('**/employer');
  const scorecardLinks = page.getByRole('main').getByRole('link', { name: 'Get the free Scorecard' });
  await scorecardLinks.first().waitFor();
  const hrefs = await scorecardLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  await scorecardLinks.first().click();
  await page.waitForURL('**/employer/form');

  // Assess
  expect(hrefs.length).toBeGreaterThan(0);
  expect(new Set(hrefs)).toEqual(new Set(['/employer/form']));
  await scorecardForm(page).waitFor();
  await expect(field(scorecardForm(page), 'First Name').isVisible()).resolves.toBe(true);
  expect(errors).toEqual([]);
});

describe('scorecard form validation (docs/spec/site-spec.md#5-validation-rules)', () => {
  test('an empty submit shows each required message and sends nothing', async () => {
    // Prepare
    await visit(page, '/employer/form');
    const form = scorecardForm(page);
    const calls = recordApiCalls(page);

    // Act
    await submitButton(form).click();

    // Assess
    await field(form, 'First Name').and(page.locator('[aria-invalid="true"]')).waitFor();
    expect(await errorOf(field(form, 'First Name'))).toBe('First Name is Required*');
    expect(await errorOf(field(form, 'Last Name'))).toBe('Last Name is Required*');
    expect(await errorOf(field(form, 'Email'))).toBe('Email is Required*');
    expect(await errorOf(consentBox(form))).toBe('You need to accept the terms and conditions');
    expect(calls).toEqual([]);
    // Keyboard and screen-reader users land on the first problem.
    expect(await field(form, 'First Name').evaluate((element) => element === document.activeElement)).toBe(true);
  });

  test.each([
    { typed: 'jane.doe', message: 'Invalid email', why: 'not an address' },
    { typed: 'jane..doe@example.ca', message: 'Invalid email', why: 'two dots in a row, which SES refuses' },
    { typed: 'jane@example.c', message: 'Email is invalid ', why: 'a one-letter domain ending' },
    { typed: 'jane@example.123', message: 'Email is invalid ', why: 'a numeric domain ending' },
  ])('an email with $why shows "$message"', async ({ typed, message }) => {
    // Prepare
    await visit(page, '/employer/form');
    const email = field(scorecardForm(page), 'Email');

    // Act
    await email.fill(typed);
    await email.blur();

    // Assess
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect(await errorOf(email)).toBe(message);
  });

  test.each(['jane@example.ca', 'Jane.Doe+hr@sub.example.org'])('%s is accepted', async (typed) => {
    // Prepare
    await visit(page, '/employer/form');
    const form = scorecardForm(page);
    const email = field(form, 'Email');
    await email.fill('jane@example.c');
    await email.blur();
    await page.locator('[aria-invalid="true"]').first().waitFor();

    // Act
    await email.fill(typed);
    await email.blur();

    // Assess
    await page.locator('[aria-invalid="true"]').waitFor({ state: 'detached' });
    await expectNoError(email);
  });

  test('the terms message goes away once the box is ticked', async () => {
    // Prepare
    await visit(page, '/employer/form');
    const form = scorecardForm(page);
    await submitButton(form).click();
    await consentBox(form).and(page.locator('[aria-invalid="true"]')).waitFor();

    // Act
    await consentBox(form).check();

    // Assess
    await consentBox(form).and(page.locator('[aria-invalid="true"]')).waitFor({ state: 'detached' });
    await expectNoError(consentBox(form));
  });
});

describe("the scorecard form's two boxes", () => {
  const jane = (label: string) => ({ firstName: 'Jane', lastName: 'Tremblay', email: uniqueAddress(label) });

  /** Fills the form, ticks the given boxes, submits and returns what was posted. */
  async function request(person: ReturnType<typeof jane>, boxes: { terms: boolean; marketing: boolean }) {
    await visit(page, '/employer/form');
    const form = scorecardForm(page);
    const calls = recordApiCalls(page);
    await fillPerson(form, person);
    if (boxes.terms) await consentBox(form).check();
    if (boxes.marketing) await marketingBox(form).check();
    await submitButton(form).click();
    return { form, calls };
  }

  test('labels the terms box and the marketing box with their exact texts, both unticked', async () => {
    // Act
    await visit(page, '/employer/form');
    const form = scorecardForm(page);

    // Assess: the exact texts, in order, both unticked
    const labels = await form.getByRole('checkbox').evaluateAll((boxes) =>
      boxes.map((box) => ({
        label: (box as HTMLInputElement).labels?.[0]?.textContent,
        checked: (box as HTMLInputElement).checked,
      })),
    );
    expect(labels).toEqual([
      { label: 'I agree to the Terms of Use and Privacy Policy.', checked: false },
      {
        label:
          'Yes, also send me occasional emails from Chinook Talent Partners about hiring and employee engagement. I can unsubscribe at any time.',
        checked: false,
      },
    ]);
  });

  test("without the terms box (even with the marketing box) it says the spec's message and sends nothing", async () => {
    // Act
    const { form, calls } = await request(jane('terms-missing'), { terms: false, marketing: true });

    // Assess
    await consentBox(form).and(page.locator('[aria-invalid="true"]')).waitFor();
    expect(await errorOf(consentBox(form))).toBe('You need to accept the terms and conditions');
    await expectNoError(marketingBox(form));
    expect(calls).toEqual([]);
  });

  test('with the terms box only: the download email, and no confirmation email', async () => {
    // Prepare
    const person = jane('terms-only');

    // Act
    const { calls } = await request(person, { terms: true, marketing: false });

    // Assess
    await modalText(page);
    expect(calls[0].postDataJSON()).toMatchObject({ signupMe: true, marketingConsent: false });
    const download = await waitForEmail(person.email, SUBJECTS.scorecard);
    expect(download.subject).toBe('Your Human Relations Scorecard');
    await expectNoEmail(person.email, SUBJECTS.confirmation, { waitMs: 2_000 });
  });

  test('with both boxes: the download email and a confirmation email for the employer list', async () => {
    // Prepare
    const person = jane('terms-and-marketing');

    // Act
    const { calls } = await request(person, { terms: true, marketing: true });

    // Assess
    await modalText(page);
    expect(calls[0].postDataJSON()).toMatchObject({ signupMe: true, marketingConsent: true });
    await waitForEmail(person.email, SUBJECTS.scorecard);
    const confirmation = await waitForEmail(person.email, SUBJECTS.confirmation);
    expect(confirmation.subject).toBe('Please confirm your subscription to Chinook Talent Partners');
    const link = confirmationLinkIn(confirmation);
    expect(link.audience).toBe('employer');
    expect(new URL(link.url).origin).toBe(new URL(baseUrl()).origin);
  });
});

describe('a valid scorecard request', () => {
  test('shows the thank-you modal, emails a download link, and the link downloads the PDF', async () => {
    // Prepare
    const address = uniqueAddress('scorecard');
    await visit(page, '/employer/form');
    const form = scorecardForm(page);
    await fillPerson(form, {
      firstName: 'Jane',
      lastName: 'Tremblay',
      email: address,
      jobTitle: 'Operations Manager',
      organization: 'Bow River Outfitters',
      helpDescription: 'We keep losing new hires in the first 90 days.',
    });
    await consentBox(form).check();

    // Act
    await submitButton(form).click();

    // Assess: the modal (docs/spec/site-spec.md#2-screens-and-routes, exact texts)
    expect(await modalText(page)).toEqual({
      title: 'Thank you for requesting the Human Relations Scorecard.',
      subtitle: 'You will receive an email shortly with the a link to download the Scorecard.',
    });
    // The server's message under the form, and a cleared form ready for another request.
    await expect(form.getByRole('status').textContent()).resolves.toBe(API_SUCCESS.scorecardRequested);
    expect(await typedValues(form)).toEqual(EMPTY_FORM);

    // Assess: the email
    const email = await waitForEmail(address, SUBJECTS.scorecard);
    expect(email.destination.to.join()).toContain(address);
    // It greets without quoting the name typed on the form: whoever types an address chooses it (issue 33, part 7).
    expect(email.body.text ?? email.body.html).toMatch(/^Hello,/);
    expect(email.body.text ?? email.body.html).not.toContain('Jane');
    const download = linksIn(email).find((link) => link.includes('/api/employer/scorecard/download/'));
    expect(download).toBeDefined();
    expect(new URL(download!).origin).toBe(new URL(baseUrl()).origin);

    // Act: follow the link like a mail client's browser
    const redirect = await fetch(download!, { redirect: 'manual' });

    // Assess: a redirect to a short-lived private URL that serves the PDF
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location');
    expect(location).toBeTruthy();
    const pdf = await fetch(new URL(location!, download));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(bytes.length).toBeGreaterThan(1_000);
    expect(errors).toEqual([]);
  });

  test('a made-up download token is refused, not served', async () => {
    // Act
    const response = await fetch(new URL('/api/employer/scorecard/download/AAAAAAAAAAAAAAAAAAAAAA', baseUrl()), {
      redirect: 'manual',
    });

    // Assess
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('location')).toBeNull();
  });
});
