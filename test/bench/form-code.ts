import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Whether a served script contains the form libraries. Property names and default messages
 * survive minification: Formik's `validateOnBlur` option and yup's default email message.
 */
const SIGNATURES = ['validateOnBlur', '${path} must be a valid email'];

export async function scriptsWithFormCode(distDir: string, files: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of new Set(files)) {
    const text = await readFile(path.join(distDir, decodeURIComponent(file)), 'utf8').catch(() => '');
    if (SIGNATURES.some((signature) => text.includes(signature))) found.push(file);
  }
  return found;
}
