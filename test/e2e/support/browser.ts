import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { playwrightLaunchOptions } from '../../support/chromium';

export { CHROMIUM_ARGS } from '../../support/chromium';

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests through `npm run test:e2e`');
  return url;
};

export type Viewport = { width: number; height: number };
export const PHONE: Viewport = { width: 390, height: 844 };
export const DESKTOP: Viewport = { width: 1280, height: 800 };

/** Whether some element is wider than the window: something to scroll sideways to reach. */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

let browser: Browser | undefined;

export async function launchBrowser(): Promise<Browser> {
  browser ??= await chromium.launch(await playwrightLaunchOptions());
  return browser;
}

export async function closeBrowser() {
  await browser?.close();
  browser = undefined;
}

/**
 * Runs in every page before its own scripts: a minimal React DevTools hook, so a test can tell
 * when React has committed (hydration done, or a re-render after it). React calls
 * `onCommitFiberRoot` on every commit, in production builds too; recoverable hydration errors
 * are reported in the same commit, so once `commits > 0` they have been logged.
 */
export const REACT_COMMIT_PROBE = `
  window.__e2eReact = { injected: false, commits: 0 };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: function () { window.__e2eReact.injected = true; return 1; },
    onCommitFiberRoot: function () { window.__e2eReact.commits += 1; },
    onCommitFiberUnmount: function () {},
    onPostCommitFiberRoot: function () {},
    checkDCE: function () {},
  };
`;

/**
 * A fresh context per test (axe needs a page from newContext). Console errors and page errors
 * are collected so a journey can assert that the page hydrated without React warnings.
 */
export async function openPage(viewport = PHONE): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await (await launchBrowser()).newContext({ viewport, baseURL: baseUrl() });
  await context.addInitScript({ content: REACT_COMMIT_PROBE });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

type OpenedPage = Awaited<ReturnType<typeof openPage>>;

/**
 * The hooks of a file whose every test starts on a fresh page: `openPage(viewport)` before each
 * test (handed to `use`, which keeps what the tests need), its context closed after the test,
 * and the browser after the file.
 */
export function pagePerTest(viewport: Viewport, use: (opened: OpenedPage) => void) {
  let context: BrowserContext | undefined;
  beforeEach(async () => {
    const opened = await openPage(viewport);
    context = opened.context;
    use(opened);
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(closeBrowser);
}

/**
 * For a file whose pages outlive a test: the returned function opens one (as `openPage`), and
 * every page it opened, then the browser, is closed after the file.
 */
export function pagesForFile(): (viewport?: Viewport) => Promise<OpenedPage> {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await closeBrowser();
  });
  return async (viewport) => {
    const opened = await openPage(viewport);
    contexts.push(opened.context);
    return opened;
  };
}
