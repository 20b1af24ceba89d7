/**
 * The console's HTML shell (`<CONSOLE_SHELL>/index.html`): the one page the edge serves for
 * /admin and every path under it. Nothing is prerendered into it: what it shows depends on who
 * is signed in, which only the API knows. Its script and stylesheet are inline, so the page needs
 * no request but its own before the console runs: on the budget's profile each file cost a round
 * trip after the document (docs/decisions/0066-console-inline-script.md). The site's CSP allows
 * them by their hashes, which the build writes with the public pages' (web/build/csp-hashes.ts).
 * `noindex`, and never in the sitemap or the route manifest: the owners' door is not a page of
 * the site.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { BUSINESS } from '#shared/constants/business.ts';
import { CONSOLE_SHELL } from '#shared/console/common.ts';
import { escapeHtml } from '#shared/escape-html.ts';
import { cspHash, moduleScriptElement, styleElement, type CspHashes } from './csp-hashes';
import { CONSOLE_ENTRY_SOURCE } from './esbuild-options';
import { pageFile } from './page-plan';
import { ClientAssets } from './page-assets';
import { SITE_ICON_FILE, svgDataUri } from './site-icon';

export const CONSOLE_TITLE = `Console · ${BUSINESS.name}`;
/** The shell's file inside the build's output directory. */
export const CONSOLE_SHELL_FILE = pageFile(CONSOLE_SHELL);
/** What the shell shows until the console's script first renders (and replaces it). */
export const CONSOLE_PLACEHOLDER = 'Opening the console…';

/** What the shell carries inline: the console's whole script and stylesheet, and the site's icon. */
export interface ConsoleShellAssets {
  scriptCode: string;
  css: string;
  iconUri: string;
}

export const consoleShellDocument = ({ scriptCode, css, iconUri }: ConsoleShellAssets) =>
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
    styleElement(css),
    moduleScriptElement(scriptCode),
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
 * The script made safe to inline: `<!--` inside a `<script>` element sends the HTML parser into its
 * escaped state (https://html.spec.whatwg.org/multipage/parsing.html#script-data-escaped-state), so
 * moduleScriptElement refuses it. esbuild never prints it as code (`a<!--b` comes out `a<! --b`), only
 * inside a string, a template or a regular expression, where `\x3C` is the same character: the
 * blog's mid-article line (shared/post-body-rules.ts), which the console's Posts screen checks and names.
 */
export const inlineSafeScript = (code: string) => code.replaceAll('<!--', '\\x3C!--');

/**
 * Writes the shell for the console build whose metafile is given (`outdir` as the metafile
 * names it), with the build's script and stylesheet inline, and removes their files (nothing
 * loads them; the license notice stays a file, which the script's last comment names). Returns
 * what it inlined and the CSP hashes that allow it.
 */
export async function writeConsoleShell(
  outDir: string,
  metafile: Metafile,
  outdir: string,
): Promise<{ shell: ConsoleShellAssets; cspHashes: CspHashes }> {
  const assets = new ClientAssets(metafile, outdir);
  const entry = assets.outputOf(CONSOLE_ENTRY_SOURCE);
  const css = metafile.outputs[entry]?.cssBundle;
  if (!css) throw new Error(`${CONSOLE_ENTRY_SOURCE} imports no stylesheet: the console would be unstyled`);
  const [scriptFile, cssFile] = [entry, css].map((output) => path.join(outDir, assets.url(output)));
  const shell: ConsoleShellAssets = {
    // Trimmed as the pages' boot script is; the CSP hash below is of exactly these texts.
    scriptCode: inlineSafeScript((await readFile(scriptFile!, 'utf8')).trim()),
    css: (await readFile(cssFile!, 'utf8')).trim(),
    iconUri: svgDataUri(await readFile(path.join(outDir, SITE_ICON_FILE), 'utf8')),
  };
  const file = path.join(outDir, CONSOLE_SHELL_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, consoleShellDocument(shell));
  await Promise.all([scriptFile!, cssFile!].map((inlined) => rm(inlined)));
  return { shell, cspHashes: { styles: [cspHash(shell.css)], scripts: [cspHash(shell.scriptCode)] } };
}
