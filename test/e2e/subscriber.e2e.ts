/**
 * The subscriber's journey (docs/spec/site-spec.md, sections 2 to 5 and 8): sign up on /contact or
 * /candidate, confirm with the emailed link's button (double opt-in), receive the welcome email,
 * unsubscribe with reasons from its link, change preferences through 'click here', the one-click
 * unsubscribe mail clients use, and an unknown id. What was stored is read back from DynamoDB,
 * because that is what the consultancy's records (CASL proof) rely on.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { EMAIL_SETTINGS, UNSUBSCRIBE_ALL, UNSUBSCRIBE_REASONS } from '#shared/constants/subscriber-options.ts';
import { MODALS, API_SUCCESS } from '#shared/constants/messages.ts';
import type { Audience } from '#shared/constants/audiences.ts';
import { baseUrl, pagePerTest, PHONE } from './support/browser';
import {
  closeModal,
  consentBox,
  dialog,
  EMPTY_FORM,
  fillPerson,
  modalText,
  recordApiCalls,
  signupForm,
  submitButton,
  typedValues,
} from './support/forms';
import { openConfirmPage, pressConfirm } from './support/confirm-page';
import {
  emailsWithSubject,
  expectNoEmail,
  SUBJECTS,
  uniqueAddress,
  waitForEmail,
  waitForNextEmail,
} from './support/inbox';
import { isGreen, isRed, visit } from './support/site';
import {
  closeSubscriberStore,
  confirmationLinkIn,
  signUpViaApi,
  storedSubscriber,
  subscribeViaApi,
  subscriberLinksIn,
} from './support/subscribers';

let page: Page;
pagePerTest(PHONE, (opened) => ({ page } = opened));
afterAll(closeSubscriberStore);

/**
 * The spec's reasons (docs/spec/site-spec.md#3-entities-and-their-fields) by meaning, in the
 * candidate order; the employer swaps the last two.
 */
const SPEC_REASONS = [
  /not relevant/i,
  /no longer want/i,
  /never signed up|did not request/i,
  /not what I expected/i,
  /too frequent/i,
];
const SPEC_REASON_TAIL: Record<Audience, RegExp[]> = {
  candidate: [/spam/i, /previously unsubscribed/i],
  employer: [/previously unsubscribed/i, /spam/i],
};

const checkboxLabels = (scope: Locator) =>
  scope
    .getByRole('checkbox')
    .evaluateAll((boxes) =>
      boxes.map((box) => ((box as HTMLInputElement).labels?.[0]?.textContent ?? '').replace(/\s+/g, ' ').trim()),
    );

const checkedStates = (scope: Locator) =>
  scope.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked));

/** Opens a subscriber page from an email link (its '#' part too) and waits until it shows whose subscription it is. */
async function openFromEmail(link: string, address: string) {
  const url = new URL(link);
  expect(url.origin).toBe(new URL(baseUrl()).origin);
  await visit(page, `${url.pathname}${url.hash}`);
  await page.getByText(address).waitFor();
  return page.getByRole('main');
}

const SIGNUP_PAGES = [
  {
    path: '/contact',
    audience: 'employer' as const,
    // docs/spec/site-spec.md#2-screens-and-routes, exact texts of the 'other forms' thank-you modal.
    modal: { title: 'Thank you for your interest.', subtitle: 'We strive to answer all inquiries within 24 hours.' },
  },
  { path: '/candidate', audience: 'candidate' as const, modal: MODALS.candidate },
];

describe.each(SIGNUP_PAGES)('sign-up on $path', ({ path, audience, modal }) => {
  test('needs the privacy consent, thanks the visitor, and subscribes only once the emailed link’s button is pressed', async () => {
    // Prepare
    const address = uniqueAddress(`signup-${audience}`);
    await visit(page, path);
    const form = signupForm(page);
    const calls = recordApiCalls(page);
    await fillPerson(form, { firstName: 'Amara', lastName: 'Lindqvist', email: address, jobTitle: 'Recruiter' });

    // Act: submit without the consent box
    await submitButton(form).click();

    // Assess: the message in red above Submit, nothing sent, nothing lost
    const privacy = form.getByRole('alert');
    await privacy.waitFor();
    expect(await privacy.textContent()).toBe('Please Select A Privacy Policy');
    await expect(isRed(privacy)).resolves.toBe(true);
    const [messageBox, submitBox] = [await privacy.boundingBox(), await submitButton(form).boundingBox()];
    expect(messageBox!.y + messageBox!.height).toBeLessThanOrEqual(submitBox!.y);
    expect(calls).toEqual([]);
    expect((await typedValues(form)).email).toBe(address);

    // Act: tick and submit again
    await consentBox(form).check();
    await submitButton(form).click();

    // Assess: the modal, the server's success message, a cleared form
    expect(await modalText(page)).toEqual(modal);
    const success = form.getByRole('status');
    expect(await success.textContent()).toBe(API_SUCCESS.signedUp);
    await expect(isGreen(success)).resolves.toBe(true);
    expect(await privacy.count()).toBe(0);
    expect(calls.map((call) => `${call.method()} ${new URL(call.url()).pathname}`)).toEqual(['POST /api/signup']);
    expect(await typedValues(form)).toEqual(EMPTY_FORM);
    await closeModal(page);

    // Assess: a confirmation email with a link to this audience's confirmation page, no welcome yet
    const link = confirmationLinkIn(await waitForEmail(address, SUBJECTS.confirmation));
    expect(link.audience).toBe(audience);
    expect(new URL(link.url).origin).toBe(new URL(baseUrl()).origin);
    expect(await emailsWithSubject(address, SUBJECTS.welcome)).toEqual([]);

    // Act: open the link (a GET confirms nothing), then press the button
    await openConfirmPage(page, link);
    await expectNoEmail(address, SUBJECTS.welcome, { waitMs: 2_000 });
    const answer = await pressConfirm(page);

    // Assess: the success text in green, then the welcome email with this audience's subscriber pages
    expect(await answer.textContent()).toBe('Thank you. Your subscription is confirmed.');
    await expect(isGreen(answer)).resolves.toBe(true);
    const email = await waitForEmail(address, SUBJECTS.welcome);
    expect(email.subject).toBe('Welcome to Chinook Talent Partners');
    // It greets without quoting the name typed on the form: whoever types an address chooses it (issue 33, part 7).
    expect(email.body.text ?? email.body.html).toMatch(/^Hello,/);
    expect(email.body.text ?? email.body.html).not.toContain('Amara');
    const links = subscriberLinksIn(email);
    expect(links.audience).toBe(audience);
    expect(new URL(links.unsubscribe).origin).toBe(new URL(baseUrl()).origin);
    const stored = await storedSubscriber(links.id);
    expect(stored).toMatchObject({ audience, email: address.toLowerCase(), firstName: 'Amara', subscribed: true });
  });
});

describe.each(['candidate', 'employer'] as const)('the %s unsubscribe page', (audience) => {
  test('lists the 7 reasons in order, needs one, then confirms and records the withdrawal', async () => {
    // Prepare
    const subscriber = await subscribeViaApi(audience);
    const main = await openFromEmail(subscriber.unsubscribe, subscriber.email);
    const calls = recordApiCalls(page);

    // Assess: the reasons, in this variant's order (docs/spec/site-spec.md#3-entities-and-their-fields)
    const labels = await checkboxLabels(main);
    expect(labels).toEqual(UNSUBSCRIBE_REASONS[audience].map((reason) => reason.label));
    [...SPEC_REASONS, ...SPEC_REASON_TAIL[audience]].forEach((meaning, index) =>
      expect(labels[index]).toMatch(meaning),
    );

    // Act: submit with none ticked
    await main.getByRole('button', { name: 'Unsubscribe' }).click();

    // Assess
    const minimum = main.getByRole('alert');
    await minimum.waitFor();
    expect(await minimum.textContent()).toBe('Please Select Minimum one option compulsory!');
    await expect(isRed(minimum)).resolves.toBe(true);
    expect(calls).toEqual([]);

    // Act: tick two reasons and submit
    const ticked = [0, labels.findIndex((label) => /spam/i.test(label))];
    for (const index of ticked) await main.getByRole('checkbox', { name: labels[index], exact: true }).check();
    await main.getByRole('button', { name: 'Unsubscribe' }).click();

    // Assess: the confirmation modal (docs/spec/site-spec.md#2-screens-and-routes) and the server's message
    const confirmation = await modalText(page);
    expect(confirmation.title).toBe('We are sorry to see you go.');
    expect(confirmation.subtitle).toMatch(/removed/i);
    expect(confirmation.subtitle).toMatch(/database/i);
    expect(confirmation.subtitle).toMatch(/sign up again/i);
    const success = main.getByRole('status');
    expect(await success.textContent()).toBe(API_SUCCESS.unsubscribed);
    await expect(isGreen(success)).resolves.toBe(true);
    expect(await checkedStates(main)).toEqual(labels.map(() => false));
    expect(calls.map((call) => call.method())).toEqual(['PUT']);
    // The payload of docs/spec/site-spec.md#3-entities-and-their-fields: 7 booleans in the page's
    // order; updatedAt (seconds) for employers only.
    const payload = calls[0].postDataJSON() as Record<string, unknown>;
    expect(payload).toMatchObject({
      signupMe: false,
      unsubscribeReason: labels.map((_, index) => ticked.includes(index)),
    });
    if (audience === 'employer') {
      expect(Math.abs((payload.updatedAt as number) - Date.now() / 1000)).toBeLessThan(120);
    } else {
      expect(payload).not.toHaveProperty('updatedAt');
    }

    // Assess: what was stored
    const stored = await storedSubscriber(subscriber.id);
    expect(stored).toMatchObject({
      subscribed: false,
      email: subscriber.email.toLowerCase(),
      unsubscribeReason: labels.map((_, index) => ticked.includes(index)),
      unsubscribeReasons: ticked.map((index) => UNSUBSCRIBE_REASONS[audience][index].key),
    });
  });
});

describe.each(['candidate', 'employer'] as const)('the %s preferences page', (audience) => {
  test('is reached by "click here", needs one choice, then saves and stores the preferences', async () => {
    // Prepare
    const subscriber = await subscribeViaApi(audience);
    const unsubscribePage = await openFromEmail(subscriber.unsubscribe, subscriber.email);

    // Act: the 'click here' link
    await unsubscribePage.getByRole('link', { name: 'click here' }).click();
    await page.waitForURL(`**/${audience}/setting/*`);
    const main = page.getByRole('main');
    // The settings form, not the unsubscribe page still on screen while the next one loads.
    await main.getByRole('button', { name: 'Save preferences' }).waitFor();
    await main.getByText(subscriber.email).waitFor();

    // Assess: the settings page of the same subscriber, its options in order
    // (docs/spec/site-spec.md#3-entities-and-their-fields)
    expect(new URL(page.url()).pathname).toBe(new URL(subscriber.settings).pathname);
    const labels = await checkboxLabels(main);
    expect(labels).toEqual([...EMAIL_SETTINGS, UNSUBSCRIBE_ALL].map((option) => option.label));
    expect(labels.slice(0, 3)).toEqual([
      expect.stringMatching(/newsletter/i),
      expect.stringMatching(/announcements/i),
      expect.stringMatching(/services news and expert commentary/i),
    ]);

    // Act: save with none ticked
    const calls = recordApiCalls(page);
    await main.getByRole('button', { name: 'Save preferences' }).click();

    // Assess
    await main.getByRole('alert').waitFor();
    expect(await main.getByRole('alert').textContent()).toBe('Please Select Minimum one option compulsory!');
    expect(calls).toEqual([]);

    // Act: newsletter and services news
    await main.getByRole('checkbox', { name: EMAIL_SETTINGS[0].label }).check();
    await main.getByRole('checkbox', { name: EMAIL_SETTINGS[2].label }).check();
    await main.getByRole('button', { name: 'Save preferences' }).click();

    // Assess: modal, message, stored choice
    expect((await modalText(page)).title).toBe('Thank you for updating your preferences.');
    expect(await main.getByRole('status').textContent()).toBe(API_SUCCESS.preferencesSaved);
    expect(calls.map((call) => call.method())).toEqual(['PUT']);
    expect(await storedSubscriber(subscriber.id)).toMatchObject({
      subscribed: true,
      emailSetting: [true, false, true],
      unsubscribeAllEmail: [false],
    });
  });
});

test('signing up again as a confirmed subscriber (any case) changes nothing and mails nothing', async () => {
  // Prepare
  const address = uniqueAddress('repeat');
  const first = await subscribeViaApi('candidate', 'repeat', { address, firstName: 'Robin' });

  // Act: a later sign-up in capitals, with other names (anyone can type an address)
  const response = await signUpViaApi('candidate', {
    email: address.toUpperCase(),
    firstName: 'Mallory',
    lastName: 'Overwritten',
  });

  // Assess: the same answer as any sign-up, no new confirmation or welcome, the same person stored
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ success: API_SUCCESS.signedUp });
  await expectNoEmail(address, SUBJECTS.confirmation, { already: 1 });
  expect(await emailsWithSubject(address, SUBJECTS.welcome)).toHaveLength(1);
  expect(await storedSubscriber(first.id)).toMatchObject({ subscribed: true, firstName: 'Robin', lastName: 'Okafor' });
});

const oneClickUrl = (audience: Audience, id: string) =>
  new URL(`/api/${audience}/subscribers/${encodeURIComponent(id)}/one-click`, baseUrl());

/** What a mail client's unsubscribe button sends (RFC 8058). */
const pressOneClick = (subscriber: { audience: Audience; unsubscribeToken: string }) =>
  fetch(oneClickUrl(subscriber.audience, subscriber.unsubscribeToken), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

test('after a one-click, choosing emails on the preferences page emails a confirmation instead of subscribing', async () => {
  // Prepare
  const subscriber = await subscribeViaApi('candidate', 'resubscribe');
  expect((await pressOneClick(subscriber)).status).toBe(200);
  const main = await openFromEmail(subscriber.settings, subscriber.email);

  // Act
  await main.getByRole('checkbox', { name: EMAIL_SETTINGS[0].label }).check();
  await main.getByRole('button', { name: 'Save preferences' }).click();

  // Assess: the page says a confirmation was emailed; one came; nothing else until its button
  expect((await modalText(page)).title).toBe('Thank you for updating your preferences.');
  const success = main.getByRole('status');
  expect(await success.textContent()).toBe(API_SUCCESS.resubscribeConfirmationSent);
  await expect(isGreen(success)).resolves.toBe(true);
  await waitForNextEmail(subscriber.email, SUBJECTS.confirmation, 1);
  await expectNoEmail(subscriber.email, SUBJECTS.welcome, { already: 1 });
  expect(await storedSubscriber(subscriber.id)).toMatchObject({
    subscribed: false,
    emailSetting: [true, false, false],
  });
});

describe('one-click unsubscribe (List-Unsubscribe-Post, RFC 8058)', () => {
  test('a form-encoded POST answers 200 and unsubscribes', async () => {
    // Prepare
    const subscriber = await subscribeViaApi('employer');

    // Act
    const response = await pressOneClick(subscriber);

    // Assess
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(await storedSubscriber(subscriber.id)).toMatchObject({ subscribed: false, unsubscribeAllEmail: [true] });
  });

  test('a GET of the same URL (a mail scanner following links) changes nothing', async () => {
    // Prepare
    const subscriber = await subscribeViaApi('candidate');

    // Act
    const response = await fetch(oneClickUrl(subscriber.audience, subscriber.unsubscribeToken));

    // Assess
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await storedSubscriber(subscriber.id)).toMatchObject({ subscribed: true });
  });
});

describe('an unknown subscriber id', () => {
  test('the unsubscribe page shows the server’s error message in red and no form', async () => {
    // Prepare
    const id = randomBytes(16).toString('base64url');
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const api = await fetch(new URL(`/api/candidate/subscribers/${id}`, baseUrl()));
    const { message } = (await api.json()) as { message: string };
    expect(api.status).toBe(404);

    // Act
    await visit(page, `/unsubscribe/candidate/${id}`);

    // Assess
    const error = page.getByRole('main').getByRole('alert');
    await error.waitFor();
    expect(await error.textContent()).toBe(message);
    await expect(isRed(error)).resolves.toBe(true);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await dialog(page).count()).toBe(0);
  });
});
