import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { Marked, type Tokens } from 'marked';
import { REPO_ROOT } from '#shared/repo-root.ts';

/** The Markdown pages compiled at build time, and the module each becomes. */
export const LEGAL_PAGES = [
  { source: 'web/content/pages/privacy.md', module: 'web/.generated/pages/privacy.ts' },
  { source: 'web/content/pages/terms.md', module: 'web/.generated/pages/terms.ts' },
] as const;

export interface LegalSection {
  id: string;
  title: string;
}

/** "5. Prohibited uses" -> "prohibited-uses": stable anchors for links into a policy. */
export const headingId = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/^\d+\.\s*/, '')
    .replace(/&[a-z]+;|[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Markdown to HTML, giving each section heading an id and collecting them for the contents. */
export function compileLegalMarkdown(markdown: string): { html: string; sections: LegalSection[] } {
  const sections: LegalSection[] = [];
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        if (token.depth !== 2) return `<h${token.depth}>${inner}</h${token.depth}>\n`;
        const id = headingId(inner);
        sections.push({ id, title: token.text });
        return `<h2 id="${id}">${inner}</h2>\n`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false });
  return { html, sections };
}

/**
 * Compiles privacy.md and terms.md into TypeScript modules the legal pages import, so the
 * Markdown parser never ships to the browser and each page's chunk carries only its text.
 */
export async function generateLegalPages(): Promise<void> {
  for (const page of LEGAL_PAGES) {
    const markdown = await readFile(path.join(REPO_ROOT, page.source), 'utf8');
    const { html, sections } = compileLegalMarkdown(matter(markdown).content);
    const target = path.join(REPO_ROOT, page.module);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(
      target,
      `// Generated from ${page.source} by web/build/legal-pages.ts. Edit the Markdown, not this file.\n` +
        `export const html = ${JSON.stringify(html)};\n` +
        `export const sections: { id: string; title: string }[] = ${JSON.stringify(sections)};\n`,
    );
  }
}
