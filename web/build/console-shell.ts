/**
 * The console's HTML shell (`<CONSOLE_SHELL>/index.html`): the one page the edge serves for
 * /admin and every path under it. Nothing is prerendered into it: what it shows depends on who
 * is signed in, which only the API knows. It names its script and stylesheet as files, so it has
 * no inline element at all and the site's CSP (hashes of the public pages' inline elements,
 * 'self' for files) already allows exactly what it loads. `noindex`, and never in the sitemap or
 * the route manifest: the owners' door is not a page of the site.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { BUSINESS } from '#shared/constants/business.ts';
import { CONSOLE_SHELL } from '#shared/console-api.ts';
import { CONSOLE_ENTRY_SOURCE } from './esbuild-options';
import { escapeHtml } from './html-document';
import { pageFile } from './page-plan';
import { ClientAssets } from './page-assets';
import { SITE_ICON_FILE, svgDataUri } from './site-icon';

export const CONSOLE_TITLE = `Console · ${BUSINESS.name}`;
/** The shell's file inside the build's output directory. */
export const CONSOLE_SHELL_FILE = pageFile(CONSOLE_SHELL);
/** What the shell shows until the console's script first renders (and replaces it). */
export const CONSOLE_PLACEHOLDER = 'Opening the console…';

export interface ConsoleShellAssets {
  script: string;
  stylesheet: string;
  iconUri: string;
}

export const consoleShellDocument = ({ script, stylesheet, iconUri }: ConsoleShellAssets) =>
  [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(CONSOLE_TITLE)}</title>`,
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    `<link rel="icon" href="${escapeHtml(iconUri)}" type="image/svg+xml">`,
    `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">`,
    `<script type="module" src="${escapeHtml(script)}"></script>`,
    '</head>',
    '<body>',
    // Replaced by the console as soon as its script runs.
    `<div id="root"><p class="console-loading">${CONSOLE_PLACEHOLDER}</p></div>`,
    '<noscript><p>The console needs JavaScript. Please turn it on and reload this page.</p></noscript>',
    '</body>',
    '</html>',
    '',
  ].join('\n');

/**
 * Writes the shell for the console build whose metafile is given (`outdir` as the metafile
 * names it); returns the site-relative URLs it names.
 */
export async function writeConsoleShell(
  outDir: string,
  metafile: Metafile,
  outdir: string,
): Promise<ConsoleShellAssets> {
  const assets = new ClientAssets(metafile, outdir);
  const entry = assets.outputOf(CONSOLE_ENTRY_SOURCE);
  const css = metafile.outputs[entry]?.cssBundle;
  if (!css) throw new Error(`${CONSOLE_ENTRY_SOURCE} imports no stylesheet: the console would be unstyled`);
  const shell: ConsoleShellAssets = {
    script: assets.url(entry),
    stylesheet: assets.url(css),
    iconUri: svgDataUri(await readFile(path.join(outDir, SITE_ICON_FILE), 'utf8')),
  };
  const file = path.join(outDir, CONSOLE_SHELL_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, consoleShellDocument(shell));
  return shell;
}
