import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '#shared/repo-root.ts';
import { filesUnder, repoPath } from '#test/unit/support/repo-files.ts';

/**
 * Tests mirror the source tree inside their jest project's folder
 * (docs/decisions/0103-tests-mirror-the-source-tree.md), so a module's test is found from the
 * module's path: test/unit/<path> for a module of lambdas/, shared/, infra/local/, infra/ops/,
 * tools/ (and web/ code run in Node), test/web/<path under web/>, test/infra/<path under infra/cdk/>.
 * Journeys (integration, reliability, e2e) are named for what they walk through and are not held here.
 * No project's test code imports another project's folder: what several share is in test/support/.
 */
const ROOT = REPO_ROOT;
const PROJECT_DIRS = ['unit', 'integration', 'infra', 'web', 'reliability', 'e2e'];
const PRODUCT_DIRS = ['lambdas', 'shared', 'infra', 'tools', 'web'];
const TEST_FILE = /\.test\.tsx?$/;
const SOURCE_FILE = /\.tsx?$/;

const walk = (dir: string, keep: (name: string) => boolean) => filesUnder(dir, keep, ['fixtures']).map(repoPath);

/**
 * Where a test's folder points in the source tree, per project; undefined for the folders that
 * mirror no one source folder: the unit project's architecture/ (rules over the whole repository)
 * and bench/ (the tests of test/bench's estimators).
 */
function mirroredFolder(testFile: string): string | undefined {
  const folder = path.posix.dirname(testFile);
  const [, project, ...rest] = folder.split('/');
  const inside = rest.join('/');
  if (project === 'unit') {
    if (rest[0] === 'architecture') return undefined;
    if (rest[0] === 'bench') return 'test/bench';
    return inside;
  }
  if (project === 'web') return path.posix.join('web', inside);
  return path.posix.join('infra/cdk', inside);
}

/** The test folders a source file's tests belong in: its path under the projects that may test it. */
function mirrorsOf(sourceFile: string): string[] {
  const folder = path.posix.dirname(sourceFile);
  const mirrors = [`test/unit/${folder}`];
  if (folder === 'web' || folder.startsWith('web/')) mirrors.push(`test/${folder}`);
  if (folder === 'infra/cdk' || folder.startsWith('infra/cdk/'))
    mirrors.splice(0, 1, `test/infra${folder.slice('infra/cdk'.length)}`);
  return mirrors;
}

const baseName = (file: string) => path.posix.basename(file).replace(/(\.test)?\.tsx?$/, '');
const testFiles = ['test/unit', 'test/web', 'test/infra'].flatMap((dir) =>
  walk(path.join(ROOT, dir), (name) => TEST_FILE.test(name)).filter((file) => !file.includes('/support/')),
);
const sourceFiles = PRODUCT_DIRS.flatMap((dir) =>
  walk(path.join(ROOT, dir), (name) => SOURCE_FILE.test(name) && !name.endsWith('.d.ts')),
);

describe('where tests are', () => {
  it('finds the tests of the unit, web, web-console and infra projects', () => {
    expect(testFiles.length).toBeGreaterThan(100);
  });

  it('puts every test in a folder that mirrors a source folder', () => {
    const astray = testFiles.filter((file) => {
      const mirrored = mirroredFolder(file);
      if (mirrored === undefined) return false;
      const isCdkCodeInUnit = file.startsWith('test/unit/infra/cdk/');
      return (
        isCdkCodeInUnit || !existsSync(path.join(ROOT, mirrored)) || !statSync(path.join(ROOT, mirrored)).isDirectory()
      );
    });
    expect(astray).toEqual([]);
  });

  it("puts a test named for a source file its project tests in that file's mirror folder", () => {
    const sourcesByName = new Map<string, string[]>();
    for (const file of sourceFiles)
      sourcesByName.set(baseName(file), [...(sourcesByName.get(baseName(file)) ?? []), file]);
    const misfiled = testFiles.flatMap((file) => {
      const project = file.split('/').slice(0, 2).join('/');
      const folders = (sourcesByName.get(baseName(file)) ?? [])
        .flatMap(mirrorsOf)
        .filter((folder) => folder === project || folder.startsWith(`${project}/`));
      if (folders.length === 0) return [];
      return folders.includes(path.posix.dirname(file)) ? [] : [`${file} (expected in ${folders.join(' or ')})`];
    });
    expect(misfiled).toEqual([]);
  });

  it("keeps each project's test code out of the other projects' folders", () => {
    const crossings = PROJECT_DIRS.flatMap((project) =>
      walk(path.join(ROOT, 'test', project), (name) => SOURCE_FILE.test(name)).flatMap((file) =>
        [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/from '#test\/([\w-]+)\//g)]
          .map((found) => found[1]!)
          .filter((imported) => imported !== project && PROJECT_DIRS.includes(imported))
          .map((imported) => `${file} imports test/${imported}/`),
      ),
    );
    expect(crossings).toEqual([]);
  });
});
