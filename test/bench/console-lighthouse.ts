/**
 * Each console screen on Lighthouse's mobile profile, signed in (issue 33, on React: interactive within
 * 2.0 s): the sign-in screen as a stranger sees it, every screen of CONSOLE_SCREENS and a lead's
 * page, each with the session cookie on every request and the console's signed-in hint in
 * localStorage (web/src/console/session/signed-in-hint.ts). Median of 3 runs by Time to Interactive.
 */
import { CONSOLE_PAGE, SESSION_COOKIE } from '#shared/console/common.ts';
import { consoleLeadPath, LEAD_ROUTES, type LeadSummary } from '#shared/console/leads.ts';
import type { Page } from '#shared/console/common.ts';
import { LOCAL_CONSOLE_OWNER } from '#infra/local/local-config.ts';
import { CONSOLE_SCREENS } from '#web/src/console/screens/registry.ts';
import { signInOverHttp } from '../support/console-sign-in-over-http';
import { HINT_KEY } from '#web/src/console/session/signed-in-hint.ts';
import { runLighthouse, type BrowserState, type LighthouseResult } from './lighthouse';

/** Interactive within 2.0 s on Lighthouse's mobile profile, median of 3 (issue 33, on React: decision 0065). */
export const CONSOLE_TTI_BUDGET_MS = 2000;
const RUNS = 3;

interface Stack {
  baseUrl: string;
  inboxUrl: string;
}

const medianByTti = async (baseUrl: string, route: string, state?: BrowserState) => {
  const runs: LighthouseResult[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await runLighthouse(baseUrl, route, state));
  return runs.sort((a, b) => a.ttiMs - b.ttiMs)[Math.floor(RUNS / 2)]!;
};

/** The newest lead's console page (the bench's stack has leads from its sign-ups), if any. */
const newestLeadPage = async (stack: Stack, cookie: string): Promise<string[]> => {
  const { method, path } = LEAD_ROUTES.list;
  const response = await fetch(new URL(path, stack.baseUrl), {
    method,
    headers: { cookie, origin: new URL(stack.baseUrl).origin, 'content-type': 'application/json' },
    body: '{}',
  });
  const newest = response.ok ? ((await response.json()) as Page<LeadSummary>).items[0] : undefined;
  return newest ? [consoleLeadPath(newest.id)] : [];
};

export async function measureConsoleScreens(stack: Stack): Promise<LighthouseResult[]> {
  const token = await signInOverHttp(stack, LOCAL_CONSOLE_OWNER);
  const cookie = `${SESSION_COOKIE}=${token}`;
  // An owner's browser as the console leaves it after a sign-in: the cookie, and its signed-in hint.
  const signedIn: BrowserState = { extraHeaders: { cookie }, localStorage: { [HINT_KEY]: '1' } };
  const results = [await medianByTti(stack.baseUrl, CONSOLE_PAGE)];
  const screens = CONSOLE_SCREENS.map((screen) => `${CONSOLE_PAGE}/${screen.path}`);
  for (const route of [...screens, ...(await newestLeadPage(stack, cookie))]) {
    console.log(`Lighthouse ${route} (signed in), ${RUNS} runs …`);
    results.push(await medianByTti(stack.baseUrl, route, signedIn));
  }
  return results;
}
