import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The site's pages as the campaign checks fetch them (lambdas/campaigns/link-check.ts): a local
 * server answering 200 for `pages` and for every unsubscribe page, 404 for anything else. A test
 * points SITE_URL at `url` while it needs the checks to reach a site (the suite's own SITE_URL,
 * https://site.test, answers nothing).
 */
export const startLocalSite = async (pages: string[] = []) => {
  const site = createServer((request, response) => {
    response.statusCode = pages.includes(request.url!) || request.url!.startsWith('/unsubscribe/') ? 200 : 404;
    response.end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => site.close(() => resolve())),
  };
};
