import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '#shared/repo-root.ts';

/**
 * The repository's files as the architecture tests read them (test/unit/architecture/): every file
 * under a folder, leaving out what is installed, built or generated.
 */
const NOT_SOURCE = ['node_modules', 'dist', '.generated', 'cdk.out', 'public', 'report', '.local'];

/** Every file under `dir` whose name `keep` takes, as absolute paths; `alsoSkip` names more folders to leave out. */
export function filesUnder(dir: string, keep: (name: string) => boolean, alsoSkip: readonly string[] = []): string[] {
  const skip = new Set([...NOT_SOURCE, ...alsoSkip]);
  const walk = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      if (skip.has(name)) return [];
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) return walk(full);
      return keep(name) ? [full] : [];
    });
  return existsSync(dir) ? walk(dir) : [];
}

/** A file's path from the repository's root, with forward slashes, as the docs write it. */
export const repoPath = (file: string) => path.relative(REPO_ROOT, file).split(path.sep).join('/');
