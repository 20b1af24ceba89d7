/**
 * Accessibility (WCAG 2.2 AA via axe-core) on every route at phone width and on every modal
 * while open, then keyboard-only use of the header menu, the About dropdown and a modal.
 */
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, pagesForFile, PHONE } from './support/browser';
import { axeViolations, waitForAnimationsToEnd } from './support/axe';
import { closeModal, consentBox, dialog, fillPerson, scorecardForm, signupForm, submitButton } from './support/forms';
import { uniqueAddress } from './support/inbox';
import { postPages, STATIC_PAGES, visit } from './support/site';
import { closeSubscriberStore, subscribeViaApi, type ApiSubscriber } from './support/subscribers';

const openPage = pagesForFile();
const pageAt = async (viewport = PHONE): Promise<Page> => (await openPage(viewport)).page;
afterAll(closeSubscriberStore);

describe('axe on every route at phone width', () => {
  let page: Page;
  beforeAll(async () => {
    page = await pageAt(PHONE);
  });

  test.each([...STATIC_PAGES, ...postPages(), { path: '/no-such-page', title: '' }])(
    '$path has no WCAG 2.2 AA violations',
    async ({ path }) => {
      // Act
      await visit(page, path);
      const violations = await axeViolations(page, path);

      // Assess
      expect(violations).toEqual([]);
    },
  );

  describe('subscriber pages with a real id', () => {
    let candidate: ApiSubscriber;
    let employer: ApiSubscriber;
    beforeAll(async () => {
      [candidate, employer] = await Promise.all([
        subscribeViaApi('candidate', 'a11y'),
        subscribeViaApi('employer', 'a11y'),
      ]);
    });

    test.each([
      { name: 'candidate unsubscribe', link: () => candidate.unsubscribe, email: () => candidate.email },
      { name: 'employer unsubscribe', link: () => employer.unsubscribe, email: () => employer.email },
      { name: 'candidate settings', link: () => candidate.settings, email: () => candidate.email },
      { name: 'employer settings', link: () => employer.settings, email: () => employer.email },
    ])('the $name page has no violations once loaded', async ({ link, email }) => {
      // Prepare
      await visit(page, new URL(link()).pathname);
      await page.getByText(email()).waitFor();

      // Act
      const violations = await axeViolations(page, new URL(link()).pathname);

      // Assess
      expect(violations).toEqual([]);
    });
  });
});

describe('axe on each open modal', () => {
  /** Waits for the open modal to finish fading in, then runs axe on the whole page. */
  async function violationsWithModalOpen(page: Page, label: string) {
    await dialog(page).waitFor();
    await waitForAnimationsToEnd(page);
    return axeViolations(page, label);
  }

  test('the scorecard thank-you modal', async () => {
    // Prepare
    const page = await pageAt(PHONE);
    await visit(page, '/employer/form');
    const form = scorecardForm(page);
    await fillPerson(form, { firstName: 'Ada', lastName: 'Moreau', email: uniqueAddress('a11y-scorecard') });
    await consentBox(form).check();

    // Act
    await submitButton(form).click();

    // Assess
    expect(await violationsWithModalOpen(page, 'scorecard thank-you modal')).toEqual([]);
  });

  test.each(['/contact', '/candidate'])('the sign-up thank-you modal on %s', async (path) => {
    // Prepare
    const page = await pageAt(PHONE);
    await visit(page, path);
    const form = signupForm(page);
    await fillPerson(form, { firstName: 'Ada', lastName: 'Moreau', email: uniqueAddress('a11y-signup') });
    await consentBox(form).check();

    // Act
    await submitButton(form).click();

    // Assess
    expect(await violationsWithModalOpen(page, `${path} thank-you modal`)).toEqual([]);
  });

  test('the unsubscribe confirmation and the preferences-updated modals', async () => {
    // Prepare
    const subscriber = await subscribeViaApi('candidate', 'a11y-modals');
    const page = await pageAt(PHONE);
    // With its '#' part, which carries the preferences page's token for 'click here'.
    const { pathname, hash } = new URL(subscriber.unsubscribe);
    await visit(page, `${pathname}${hash}`);
    const main = page.getByRole('main');
    await main.getByText(subscriber.email).waitFor();

    // Act: unsubscribe
    await main.getByRole('checkbox').first().check();
    await main.getByRole('button', { name: 'Unsubscribe' }).click();

    // Assess
    expect(await violationsWithModalOpen(page, 'unsubscribe modal')).toEqual([]);

    // Act: the preferences page of the same subscriber
    await closeModal(page);
    await main.getByRole('link', { name: 'click here' }).click();
    await main.getByRole('button', { name: 'Save preferences' }).waitFor();
    await main.getByRole('checkbox').first().check();
    await main.getByRole('button', { name: 'Save preferences' }).click();

    // Assess
    expect(await violationsWithModalOpen(page, 'preferences modal')).toEqual([]);
  });
});

/** What has keyboard focus: its accessible-ish name, and whether a focus ring is drawn. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: '', tag: 'BODY', ringVisible: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const shadow = style.boxShadow !== 'none';
    return {
      name: (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim(),
      tag: element.tagName,
      ringVisible: (outline || shadow) && element.matches(':focus-visible'),
    };
  });
}

/** Presses Tab until the focused element matches, like a keyboard user looking for it. */
async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Not reached with ${maxPresses} presses of Tab`);
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const focusIsInside = (locator: Locator) => locator.evaluate((element) => element.contains(document.activeElement));

describe('keyboard only', () => {
  test('the phone menu: Tab reaches the toggle, Enter and Space open and close it, every link is reachable with a visible focus ring', async () => {
    // Prepare
    const page = await pageAt(PHONE);
    await visit(page, '/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main', includeHidden: true });

    // Act: from the top of the page
    await page.keyboard.press('Tab');
    const skipLink = await focused(page);
    await tabTo(page, toggle, 3);

    // Assess
    expect(skipLink).toMatchObject({ name: 'Skip to main content', ringVisible: true });
    expect(await focused(page)).toMatchObject({ name: 'Menu', ringVisible: true });

    // Act: Enter opens
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Home' }).waitFor({ state: 'visible' });
    const reached = [];
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      reached.push(await focused(page));
    }

    // Assess
    expect(reached.map((item) => item.name.replace(/\s*\(opens in a new tab\)$/, ''))).toEqual([
      'Home',
      'About',
      'Candidate',
      'Employer',
      'Blog',
      'Contact',
    ]);
    expect(reached.filter((item) => !item.ringVisible)).toEqual([]);

    // Act: Escape closes and returns to the toggle
    await page.keyboard.press('Escape');

    // Assess
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await isFocused(toggle)).toBe(true);

    // Act: Space opens, Space closes; collapsed links leave the tab order
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await nav.getByRole('link', { name: 'Home' }).waitFor({ state: 'hidden' });
    await page.keyboard.press('Tab');

    // Assess
    expect(await focusIsInside(nav)).toBe(false);
  });

  test('the About dropdown opens with the keyboard, Escape closes it and returns focus', async () => {
    // Prepare
    const page = await pageAt(DESKTOP);
    await visit(page, '/about');
    const button = page.getByRole('button', { name: 'Contact us to Learn About Our Process' });
    const candidate = page.getByRole('link', { name: 'I am a Candidate' });
    const employer = page.getByRole('link', { name: 'I am an Employer' });

    // Act: Tab to it and press Enter
    await tabTo(page, button);
    expect(await focused(page)).toMatchObject({ ringVisible: true });
    await page.keyboard.press('Enter');

    // Assess
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await candidate.waitFor({ state: 'visible' });

    // Act: into the list
    await page.keyboard.press('Tab');
    const first = await isFocused(candidate);
    await page.keyboard.press('Tab');
    const second = await isFocused(employer);
    const ring = await focused(page);
    await page.keyboard.press('Escape');

    // Assess
    expect([first, second]).toEqual([true, true]);
    expect(ring.ringVisible).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await candidate.waitFor({ state: 'hidden' });
    expect(await isFocused(button)).toBe(true);

    // Act: Arrow Down opens it and moves onto the first choice
    await page.keyboard.press('ArrowDown');

    // Assess
    await candidate.waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'I am a Candidate');
  });

  test('a modal takes focus, keeps Tab inside, and the close button returns focus to Submit', async () => {
    // Prepare
    const page = await pageAt(PHONE);
    await visit(page, '/contact');
    const form = signupForm(page);
    await fillPerson(form, { firstName: 'Ada', lastName: 'Moreau', email: uniqueAddress('a11y-keyboard') });
    await tabTo(page, consentBox(form));
    await page.keyboard.press('Space');
    expect(await consentBox(form).isChecked()).toBe(true);
    await tabTo(page, submitButton(form), 3);

    // Act: submit with Enter
    await page.keyboard.press('Enter');
    const modal = dialog(page);
    await modal.waitFor();

    // Assess: focus moved into the dialog
    await page.waitForFunction(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

    // Act: Tab and Shift+Tab several times
    const stayedInside: boolean[] = [];
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      stayedInside.push(await focusIsInside(modal));
    }

    // Assess
    expect(stayedInside.every(Boolean)).toBe(true);

    // Act: the close button, by keyboard
    const close = modal.getByRole('button', { name: 'Close' });
    await tabTo(page, close, 4);
    expect(await focused(page)).toMatchObject({ name: 'Close', ringVisible: true });
    await page.keyboard.press('Enter');

    // Assess
    await modal.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Submit');
    expect(await isFocused(submitButton(form))).toBe(true);
  });

  test('Escape closes a modal too, and focus returns to the button that opened it', async () => {
    // Prepare
    const subscriber = await subscribeViaApi('employer', 'a11y-escape');
    const page = await pageAt(PHONE);
    await visit(page, new URL(subscriber.unsubscribe).pathname);
    const main = page.getByRole('main');
    await main.getByText(subscriber.email).waitFor();
    const unsubscribe = main.getByRole('button', { name: 'Unsubscribe' });
    await tabTo(page, main.getByRole('checkbox').first());
    await page.keyboard.press('Space');
    await tabTo(page, unsubscribe, 10);
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();

    // Act
    await page.keyboard.press('Escape');

    // Assess
    await dialog(page).waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Unsubscribe');
  });
});
