import type { Locator, Page } from 'playwright-core';
import { visit } from './site';
import type { ConfirmationLink } from './subscribers';

const main = (page: Page) => page.getByRole('main');

/** The one button of the confirmation page (double opt-in). */
export const confirmButton = (page: Page) => main(page).getByRole('button', { name: 'Confirm my subscription' });

/** Opens a confirmation email's link like a person (a GET, which must change nothing). */
export async function openConfirmPage(page: Page, link: ConfirmationLink) {
  await visit(page, new URL(link.url).pathname);
  await main(page).getByRole('heading', { level: 1, name: 'Confirm your subscription' }).waitFor();
}

/** Presses the button and returns the answer the page shows in its live region. */
export async function pressConfirm(page: Page): Promise<Locator> {
  await confirmButton(page).click();
  const answer = main(page).getByRole('status').locator('.form-message');
  await answer.waitFor();
  return answer;
}
