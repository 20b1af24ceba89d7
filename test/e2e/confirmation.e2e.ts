/**
 * Double opt-in (issue 9): an unsubscribed person comes back only by pressing the button of
 * a new confirmation email, a sign-up form never rewrites who they are, and opening the
 * link alone changes nothing. What was stored is read back from DynamoDB.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { API_ERRORS, API_SUCCESS } from '#shared/constants/messages.ts';
import { apiPath, emailPagePath, LEAD_LINK_TOKEN_PATTERN, sitePaths } from '#shared/paths.ts';
import { axeViolations } from './support/axe';
import { baseUrl, pagePerTest, PHONE } from './support/browser';
import { confirmButton, openConfirmPage, pressConfirm } from './support/confirm-page';
import { closeModal, consentBox, fillPerson, signupForm, submitButton } from './support/forms';
import { SUBJECTS, waitForNextEmail } from './support/inbox';
import { eventually, isGreen, isRed, visit } from './support/site';
import {
  closeSubscriberStore,
  confirmationLinkIn,
  storedSubscriber,
  subscribeViaApi,
  subscriberLinksIn,
} from './support/subscribers';

let page: Page;
pagePerTest(PHONE, (opened) => ({ page } = opened));
afterAll(closeSubscriberStore);

test('resubscribing after an unsubscribe: a new confirmation email, and nothing changes until its button is pressed', async () => {
  // Prepare: a confirmed subscriber who then unsubscribed (one-click, as a mail program does)
  const subscriber = await subscribeViaApi('candidate', 'resubscribe', { firstName: 'Carol' });
  const oneClick = await fetch(
    new URL(apiPath('oneClickUnsubscribe', { audience: 'candidate', id: subscriber.unsubscribeToken }), baseUrl()),
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    },
  );
  expect(oneClick.status).toBe(200);
  expect(await storedSubscriber(subscriber.id)).toMatchObject({ subscribed: false });

  // Act: the sign-up form on /candidate with that address (and other names: anyone can type it)
  await visit(page, sitePaths.candidate);
  const form = signupForm(page);
  await fillPerson(form, { firstName: 'Mallory', lastName: 'Overwritten', email: subscriber.email });
  await consentBox(form).check();
  await submitButton(form).click();
  await closeModal(page);

  // Assess: a new confirmation email; still unsubscribed, still Carol
  const link = confirmationLinkIn(await waitForNextEmail(subscriber.email, SUBJECTS.confirmation, 1));
  expect(link.audience).toBe('candidate');
  expect(await storedSubscriber(subscriber.id)).toMatchObject({
    subscribed: false,
    firstName: 'Carol',
    lastName: 'Okafor',
  });

  // Act: open the link, as a person or a mail scanner would
  await openConfirmPage(page, link);

  // Assess: a GET changes nothing
  expect(await storedSubscriber(subscriber.id)).toMatchObject({ subscribed: false });

  // Act: press the button
  const answer = await pressConfirm(page);

  // Assess: confirmed, subscribed again, and welcomed with links to the same subscription
  expect(await answer.textContent()).toBe(API_SUCCESS.subscriptionConfirmed);
  await expect(isGreen(answer)).resolves.toBe(true);
  expect(await confirmButton(page).count()).toBe(0);
  await eventually(async () => expect(await storedSubscriber(subscriber.id)).toMatchObject({ subscribed: true }));
  const welcome = await waitForNextEmail(subscriber.email, SUBJECTS.welcome, 1);
  expect(subscriberLinksIn(welcome).id).toBe(subscriber.id);
});

test('a link that leads to no confirmation shows the API’s message in red, keeps the button, and passes axe', async () => {
  // Prepare
  const token = randomBytes(33).toString('base64url');
  expect(token).toMatch(LEAD_LINK_TOKEN_PATTERN);
  await openConfirmPage(page, {
    audience: 'employer',
    token,
    url: new URL(emailPagePath('confirm', 'employer', token), baseUrl()).href,
  });

  // Act
  const answer = await pressConfirm(page);

  // Assess
  expect(await answer.textContent()).toBe(API_ERRORS.confirmationNotFound);
  await expect(isRed(answer)).resolves.toBe(true);
  expect(await confirmButton(page).isEnabled()).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
});
