/**
 * @jest-environment node
 *
 * The console's script is inlined in its shell (decision 0066), where `<!--` would send the HTML
 * parser into its escaped state, and the shell refuses it. The Posts screen brings the blog's
 * mid-article line (`<!-- mid-article -->`) into the script, as a string and in a regular
 * expression: made safe, the script holds no `<!--` and computes the same values.
 */
import { build } from 'esbuild';
import { inlineSafeScript } from '#web/build/console-shell.ts';
import { moduleScriptElement } from '#web/build/csp-hashes.ts';

const SOURCE = `
export const line = '<!-- mid-article -->';
export const template = \`before <!-- \${1 + 1} -->\`;
export const matches = /^<!--\\s*mid-article\\s*-->$/u.test('<!-- mid-article -->');
export const code = (a, b) => a < !--b;
`;

/** The module's exports, run from its text (CommonJS, so a test can run it). */
const run = (code: string) => {
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', code)(module, module.exports);
  return module.exports;
};

describe("the console's inline script", () => {
  it('holds no "<!--" once made safe, and its strings, templates and expressions mean the same', async () => {
    // Prepare: minified as the console's build minifies
    const code = (
      await build({ stdin: { contents: SOURCE }, minify: true, format: 'cjs', write: false })
    ).outputFiles[0]!.text.trim();
    expect(() => moduleScriptElement(code)).toThrow('A script to inline contains "</script" or "<!--"');

    // Act
    const safe = inlineSafeScript(code);

    // Assess
    expect(safe).not.toContain('<!--');
    expect(moduleScriptElement(safe)).toContain(safe);
    const [before, after] = [run(code), run(safe)];
    expect({ ...after, code: undefined }).toEqual({ ...before, code: undefined });
    expect(after.line).toBe('<!-- mid-article -->');
    expect(after.matches).toBe(true);
  });
});
