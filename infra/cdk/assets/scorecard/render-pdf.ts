/**
 * Renders the Human Relations Scorecard (the file employers download through the scorecard
 * form) from its HTML source to a Letter-size PDF with headless Chromium. Run by hand after
 * editing the HTML; the PDF is committed and deployed as an asset.
 *
 *   npx tsx infra/cdk/assets/scorecard/render-pdf.ts
 *
 * The browser is the one test/support/chromium.ts resolves (CHROMIUM_PATH, Debian's chromium or the
 * npm-shipped one; see docs/contributing.md, "The local stack"). No browser is downloaded.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { playwrightLaunchOptions } from '#test/support/chromium.ts';
import { BUSINESS } from '#shared/constants/business.ts';

const DIR = __dirname;
const SOURCE = path.join(DIR, 'human-relations-scorecard.html');
const TARGET = path.join(DIR, 'human-relations-scorecard.pdf');

const FOOTER = `
  <div style="width:100%;font:8px 'Liberation Sans',Arial,sans-serif;color:#4A5568;padding:0 0.6in;display:flex;justify-content:space-between;">
    <span>Human Relations Scorecard &middot; ${BUSINESS.name} &middot; ${BUSINESS.contactEmail}</span>
    <span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span>
  </div>`;

async function main() {
  const browser = await chromium.launch(await playwrightLaunchOptions());
  try {
    const page = await browser.newPage();
    // The document is self-contained: refuse any network request it might make.
    await page.route(/^https?:/, (route) => route.abort());
    await page.goto(pathToFileURL(SOURCE).href, { waitUntil: 'load' });
    await page.emulateMedia({ media: 'print' });
    await page.pdf({
      path: TARGET,
      format: 'Letter',
      printBackground: true,
      preferCSSPageSize: true,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: FOOTER,
      tagged: true,
      outline: true,
    });
  } finally {
    await browser.close();
  }
  const pdf = readFileSync(TARGET, 'latin1');
  const pages = (pdf.match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
  console.log(
    `${path.relative(process.cwd(), TARGET)}: ${pages} pages, ${(statSync(TARGET).size / 1024).toFixed(0)} KB`,
  );
  if (pages < 2 || pages > 3) {
    console.error('The scorecard should be 2 to 3 pages; adjust the HTML.');
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
