import { CONSOLE_PAGE } from '#shared/console/common.ts';
import { API_BASE, NOT_FOUND_PAGE, sitePaths } from '#shared/paths.ts';
import { cspHash } from '#web/build/csp-hashes.ts';
import { securityHeaders } from '../../cdk/site/security-headers';
import { request, titleOf } from './http';
import type { Results } from './results';

/** The two blog slugs with an apostrophe: typed, and percent-encoded as some clients send them. */
const APOSTROPHE_SLUGS = [
  "/facets-of-jobs-why-it's-so-hard-to-hire-good-people",
  "/psychological-safety-you-can't-see-what-you-don't-believe",
];

/**
 * Which security headers are missing or differ from infra/cdk/site/security-headers.ts; the CSP
 * must allow exactly the inline <style> and <script> elements of the page it came with and of
 * the console's shell (one CSP for the whole site: docs/decisions/0066-console-inline-script.md).
 */
const headerProblems = (headers: Headers, html: string, consoleShell: string): string[] => {
  const hashesOf = (pattern: RegExp) => [
    ...new Set([html, consoleShell].flatMap((document) => [...document.matchAll(pattern)].map((m) => cspHash(m[1]!)))),
  ];
  const cspHashes = {
    styles: hashesOf(/<style>([\s\S]*?)<\/style>/g),
    scripts: hashesOf(/<script type="module"(?![^>]*\ssrc=)[^>]*>([\s\S]+?)<\/script>/g),
  };
  return Object.entries(securityHeaders(cspHashes))
    .filter(([name, value]) => headers.get(name) !== value)
    .map(([name]) => name);
};

const XML_ENTITIES: Record<string, string> = { amp: '&', apos: "'", quot: '"', lt: '<', gt: '>' };
const xmlText = (text: string) => text.replace(/&(amp|apos|quot|lt|gt);/g, (_, name: string) => XML_ENTITIES[name]!);

/**
 * Page routes as the site itself publishes them: the sitemap's locations (from outside, the
 * sitemap is the honest list; the build writes it from the same route table as _routes.json).
 */
async function pageRoutes(base: URL): Promise<string[]> {
  const sitemap = await request(base, '/sitemap.xml');
  if (sitemap.status !== 200) throw new Error(`/sitemap.xml answered ${sitemap.status}`);
  const paths = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(xmlText(match[1]!.trim())).pathname,
  );
  if (paths.length === 0) throw new Error('the sitemap lists no pages');
  return [...new Set(paths)];
}

export async function checkSite(base: URL, results: Results): Promise<void> {
  let routes: string[] = [];
  let consoleShell = '';
  await results.run(`console ${CONSOLE_PAGE}`, '200 + security headers', async () => {
    const [shell, home] = [await request(base, CONSOLE_PAGE), await request(base, '/')];
    consoleShell = shell.body;
    const missing = headerProblems(shell.headers, home.body, consoleShell);
    return {
      got: `${shell.status}${missing.length ? `, wrong/missing: ${missing.join(', ')}` : ''}`,
      pass: shell.status === 200 && missing.length === 0,
    };
  });
  await results.run('sitemap lists the page routes', 'HTTP 200, at least one <loc>', async () => {
    routes = await pageRoutes(base);
    return { got: `${routes.length} routes`, pass: true };
  });

  for (const path of routes) {
    await results.run(`page ${path}`, '200 + security headers', async () => {
      const page = await request(base, path);
      const missing = headerProblems(page.headers, page.body, consoleShell);
      return {
        got: `${page.status}${missing.length ? `, wrong/missing: ${missing.join(', ')}` : ''}`,
        pass: page.status === 200 && missing.length === 0,
      };
    });
  }

  await results.run('unknown path', '404 with the 404 page', async () => {
    const [unknown, notFoundPage] = [
      await request(base, `/smoke-no-such-page-${Date.now()}`),
      await request(base, NOT_FOUND_PAGE),
    ];
    const same = titleOf(unknown.body) !== '' && titleOf(unknown.body) === titleOf(notFoundPage.body);
    return {
      got: `${unknown.status}, "${titleOf(unknown.body)}"`,
      pass: unknown.status === 404 && same && headerProblems(unknown.headers, unknown.body, consoleShell).length === 0,
    };
  });

  await results.run(`legacy ${sitePaths.legacyEngagementPost}`, `301 -> ${sitePaths.engagementPost}`, async () => {
    const legacy = await request(base, sitePaths.legacyEngagementPost);
    const location = legacy.headers.get('location') ?? '';
    const target = location ? new URL(location, base).pathname : '(none)';
    return { got: `${legacy.status} -> ${target}`, pass: legacy.status === 301 && target === sitePaths.engagementPost };
  });

  for (const slug of APOSTROPHE_SLUGS) {
    for (const [form, path] of [
      ['typed', slug],
      ['encoded', slug.replace(/'/g, '%27')],
    ] as const) {
      await results.run(`apostrophe slug (${form}) ${path}`, '200', async () => {
        const page = await request(base, path);
        return { got: String(page.status), pass: page.status === 200 };
      });
    }
  }

  await results.run('unknown /api path', 'JSON 404 with a message', async () => {
    const answer = await request(base, `${API_BASE}/smoke-no-such-route`);
    const json = answer.headers.get('content-type')?.startsWith('application/json')
      ? (JSON.parse(answer.body) as { message?: unknown })
      : undefined;
    return {
      got: `${answer.status} ${answer.headers.get('content-type') ?? ''}`,
      pass: answer.status === 404 && typeof json?.message === 'string',
    };
  });
}
