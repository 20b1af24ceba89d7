/**
 * The owners' console in the browser suite: the local owner, Chromium's virtual authenticator,
 * the emailed-link enrolment that registers a passkey, and the screenshots a person looks at.
 * One copy for every console journey (test/e2e/console*.e2e.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SIGN_IN_MESSAGES } from '#lambdas/console/sign-in/sign-in-messages.ts';
import { DESKTOP, PHONE } from './browser';
import { emailsWithSubject, linksIn, waitForNextEmail, type CapturedEmail } from './inbox';
import { visit } from './site';
import { consoleOwnerOf } from './console-owners';

/**
 * The owner this journey signs in as: one per console journey file (global-setup.ts makes them
 * all owners of the suite's stack), because sign-in links are limited to 3 an address in 15
 * minutes (docs/decisions/0070-console-sign-in.md) and the journeys together ask for more.
 */
export const OWNER = consoleOwnerOf(expect.getState().testPath ?? '');
export const LINK_SUBJECT = 'Your sign-in link for the';

/** Chromium's virtual authenticator: a platform passkey with user verification, always present. */
export async function addPasskeyDevice(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

/**
 * The console's navigation links not wholly inside the window's width, by their words: on a phone
 * a screen hidden off the side, or cut in half, is one the owner cannot see to choose.
 */
export const navLinksOutOfView = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link')
    .evaluateAll((links) =>
      links
        .filter((link) => {
          const box = link.getBoundingClientRect();
          return box.left < 0 || box.right > document.documentElement.clientWidth;
        })
        .map((link) => link.textContent),
    );

/** Waits for the screen whose heading this is (screens change after the API answers). */
export const screenTitled = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

/** On the sign-in screen: asks for the emailed link and returns that email once it arrives. */
export async function askForSignInLink(page: Page): Promise<CapturedEmail> {
  const linksBefore = (await emailsWithSubject(OWNER, LINK_SUBJECT)).length;
  await page.getByLabel('Your email address').fill(OWNER);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByText(SIGN_IN_MESSAGES.linkOnItsWay).waitFor();
  return waitForNextEmail(OWNER, LINK_SUBJECT, linksBefore);
}

/** The enrolment page's path and fragment of an emailed link (the token is after the '#'). */
export function enrolPathIn(email: CapturedEmail): string {
  const link = linksIn(email).find((href) => href.includes('/admin/enrol#'));
  if (!link) throw new Error(`No enrolment link in "${email.subject}"`);
  return new URL(link).pathname + new URL(link).hash;
}

/**
 * Signs the owner in on a page with no passkey yet: a virtual authenticator, the emailed link,
 * a passkey registered on it (which signs in), the console's first screen.
 */
export async function enrolAndSignIn(page: Page, firstScreen: string) {
  await addPasskeyDevice(page);
  await visit(page, '/admin');
  await screenTitled(page, 'Sign in to the console');
  const email = await askForSignInLink(page);
  await visit(page, enrolPathIn(email));
  await screenTitled(page, 'Register a passkey on this device');
  await page.getByRole('button', { name: 'Register a passkey' }).click();
  await screenTitled(page, firstScreen);
}

/**
 * With CONSOLE_SCREENSHOTS=<dir>, each screen is photographed at both widths for a person to
 * look at before calling a screen done; nothing compares them.
 */
const SHOTS = process.env.CONSOLE_SCREENSHOTS;

export async function screenshots(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}
