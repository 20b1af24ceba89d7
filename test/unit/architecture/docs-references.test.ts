import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { filesUnder, repoPath } from '#test/unit/support/repo-files.ts';

/**
 * The design lives inside the repository (docs/architecture.md, docs/spec/, docs/decisions/):
 * no source file cites a document outside it, every docs/… reference in the source names a file
 * that exists (and a heading that exists, for the architecture page and the spec), every
 * relative link in the Markdown documentation resolves, and a code symbol named beside a link
 * ("`writeConsentRecord` in [lambdas/…](…)") is in the linked file.
 */
const ROOT = REPO_ROOT;
const SOURCE_DIRS = ['infra', 'lambdas', 'web', 'shared', 'test', 'tools'];
const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs|css|html)$/;
const THIS_FILE = path.relative(ROOT, __filename);
const walk = (dir: string, keep: (name: string) => boolean) => filesUnder(dir, keep, ['fixtures']);
const rel = repoPath;
/** The repository's own configuration cites the docs too (the lint rules' messages). */
const ROOT_FILES = ['eslint.config.mjs', '.ci/run', '.ci/lock-platform-entries.js'].map((file) =>
  path.join(ROOT, file),
);
const sourceFiles = [
  ...SOURCE_DIRS.flatMap((dir) => walk(path.join(ROOT, dir), (name) => SOURCE_FILE.test(name))),
  ...ROOT_FILES,
].filter((file) => rel(file) !== THIS_FILE);
const markdownFiles = [path.join(ROOT, 'README.md'), ...walk(path.join(ROOT, 'docs'), (name) => name.endsWith('.md'))];

/** Each line of each file that matches, as "path:line: text". */
function matchingLines(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${rel(file)}:${index + 1}: ${line.trim()}`] : [])),
  );
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens; plus explicit ids. */
function anchorsOf(markdownFile: string): Set<string> {
  const text = readFileSync(markdownFile, 'utf8').replace(/```[\s\S]*?```/g, '');
  const headings = [...text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) =>
    m[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-'),
  );
  const ids = [...text.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]!);
  return new Set([...headings, ...ids]);
}

/** Why `target` (a repo-relative path with an optional #anchor) does not resolve, if it does not. */
function problemWith(target: string, checkAnchor: boolean): string | undefined {
  const [file, anchor] = target.split('#') as [string, string | undefined];
  const full = path.join(ROOT, file);
  if (!existsSync(full)) return 'no such file';
  if (!checkAnchor || !anchor || !file.endsWith('.md')) return undefined;
  return anchorsOf(full).has(anchor) ? undefined : `no heading #${anchor}`;
}

describe('the design is inside the repository', () => {
  it('no source file cites the design, the spec, the brand brief or ../shared outside the repository', () => {
    const outside = [
      /\b(?:DESIGN|spec)\b[^§\n]{0,20}§/i,
      /\b(?:DESIGN|BRAND|TOOLCHAIN)\.md\b/,
      /\(BRAND[: ]/,
      /(?:^|[^.\w])\.\.\/shared\/(?:DESIGN|BRAND|TOOLCHAIN|spec\/|hooks)/,
      /\/work\/shared\b/,
    ];
    expect(outside.flatMap((pattern) => matchingLines(sourceFiles, pattern))).toEqual([]);
  });

  it('every docs/ reference in the source names a file that exists, and a heading that exists', () => {
    const reference = /\bdocs\/[\w./-]+?\.md(?:#[\w-]+)?/g;
    const problems = sourceFiles.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(reference)].flatMap(([target]) => {
        const problem = problemWith(target, true);
        return problem ? [`${rel(file)}: ${target}: ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('every relative link in README.md and docs/ resolves to a file (and heading) of the repository', () => {
    const link = /\]\(([^)\s]+)\)/g;
    const problems = markdownFiles.flatMap((file) =>
      [
        ...readFileSync(file, 'utf8')
          .replace(/```[\s\S]*?```/g, '')
          .matchAll(link),
      ].flatMap(([, href]) => {
        if (/^[a-z][a-z+.-]*:/i.test(href!)) return [];
        const [target, anchor] = href!.split('#') as [string, string | undefined];
        const resolved = target === '' ? rel(file) : rel(path.resolve(path.dirname(file), target));
        const problem = problemWith(anchor ? `${resolved}#${anchor}` : resolved, true);
        return problem ? [`${rel(file)}: ${href}: ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('a code symbol named beside a link to a source file is defined or used in that file', () => {
    // `symbol` or `symbol()`, then "in", "from", a comma or an opening parenthesis, then the link.
    const symbolBesideLink = /`([A-Za-z_$][\w$]*)(?:\(\))?`,?\s+(?:(?:in|from)\s+)?\(?\[[^\]]*\]\(([^)#\s]+)[^)]*\)/g;
    const problems = markdownFiles.flatMap((file) =>
      [
        ...readFileSync(file, 'utf8')
          .replace(/```[\s\S]*?```/g, '')
          .matchAll(symbolBesideLink),
      ].flatMap(([, symbol, href]) => {
        const target = path.resolve(path.dirname(file), href!);
        if (!SOURCE_FILE.test(target) || !existsSync(target)) return [];
        const named = new RegExp(`(?<![\\w$])${symbol!.replace(/\$/g, '\\$')}(?![\\w$])`);
        return named.test(readFileSync(target, 'utf8')) ? [] : [`${rel(file)}: \`${symbol}\` is not in ${rel(target)}`];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('every decision record has a Status: and a Date: line', () => {
    const records = walk(path.join(ROOT, 'docs', 'decisions'), (name) => /^\d{4}-.*\.md$/.test(name));
    const problems = records.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [
        ...(/^Status: \S/m.test(text) ? [] : [`${rel(file)}: no Status: line`]),
        ...(/^Date: \d{4}-\d{2}-\d{2}$/m.test(text) ? [] : [`${rel(file)}: no Date: yyyy-mm-dd line`]),
      ];
    });
    expect(records.length).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });
});
