/**
 * Every page carries two inline elements: its stylesheet as one <style> (so the first paint
 * waits for no request but the HTML) and the boot script (web/src/boot.ts) that starts the app
 * after the first paint; the console's shell carries its own stylesheet and its whole script
 * (web/build/console-shell.ts). The CSP allows exactly those by their hashes (style-src and script-src
 * 'sha256-…'), never 'unsafe-inline'. The build computes the hashes here, once, and writes them
 * into its output as `_csp-hashes.json`; the CloudFront response-headers policy and the local
 * twin read them from there (infra/cdk/site/security-headers.ts), so the header and the pages come
 * from the same build and cannot drift. See docs/decisions/0060-critical-css-and-csp-hash.md.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

export const CSP_HASHES_FILE = '_csp-hashes.json';

/** CSP sources (`'sha256-…'`) of the build's inline elements, one per distinct text. */
export interface CspHashes {
  styles: string[];
  scripts: string[];
}

const SHA256_SOURCE = /^'sha256-[A-Za-z0-9+/]+=*'$/;

/** The CSP source that allows exactly this inline element's text. */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The <style> element for a stylesheet's text (refused if the text could close the element). */
export function styleElement(css: string): string {
  if (/<\/style/i.test(css)) throw new Error('A stylesheet to inline contains "</style"');
  return `<style>${css}</style>`;
}

/**
 * An inline module script for this code (refused if the code could close the element or open a
 * comment, either of which would end or hide the script before its end).
 */
export function moduleScriptElement(code: string, attributes = ''): string {
  if (/<\/script|<!--/i.test(code)) throw new Error('A script to inline contains "</script" or "<!--"');
  return `<script type="module"${attributes}>${code}</script>`;
}

/** Refuses anything but sha256 CSP sources (never 'unsafe-inline'). */
export function assertCspHashes(hashes: CspHashes): CspHashes {
  for (const hash of [...hashes.styles, ...hashes.scripts]) {
    if (!SHA256_SOURCE.test(hash)) throw new Error(`Not a CSP sha256 source: ${hash}`);
  }
  return hashes;
}

/**
 * Writes the hashes of every inline element of the build in `outDir` (the public pages' and the
 * console shell's), each once, where readCspHashes finds them.
 */
export async function writeCspHashes(outDir: string, parts: CspHashes[]): Promise<void> {
  const all = (kind: keyof CspHashes) => [...new Set(parts.flatMap((part) => part[kind]))];
  const hashes = assertCspHashes({ styles: all('styles'), scripts: all('scripts') });
  await writeFile(path.join(outDir, CSP_HASHES_FILE), `${JSON.stringify(hashes, null, 2)}\n`);
}

/** The inline elements' hashes of the build in `distDir` (infra reads them for the CSP). */
export function readCspHashes(distDir: string): CspHashes {
  const file = path.join(distDir, CSP_HASHES_FILE);
  if (!existsSync(file)) throw new Error(`${file} is missing: build the website first (npm run build)`);
  const { styles, scripts } = JSON.parse(readFileSync(file, 'utf8')) as Partial<CspHashes>;
  if (!Array.isArray(styles) || !Array.isArray(scripts)) throw new Error(`${file} does not list styles and scripts`);
  return assertCspHashes({ styles, scripts });
}
