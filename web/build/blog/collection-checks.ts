import type { SeedSummary } from './front-matter';
import { inFile } from './content-error';

export interface LoadedPost {
  file: string;
  summary: SeedSummary;
}

function duplicates(values: readonly (string | number)[]): Set<string | number> {
  return new Set(values.filter((value, index) => values.indexOf(value) !== index));
}

/**
 * The whole list, as the front matter states it (the only list of posts): ids 0..n-1 each
 * exactly once, slugs unique, and dates never getting newer as the ids grow (newest first).
 */
export function collectionProblems(posts: readonly LoadedPost[]): string[] {
  const problems: string[] = [];
  const ids = posts.map(({ summary }) => summary.id);
  const slugs = posts.map(({ summary }) => summary.slug);
  for (const id of duplicates(ids)) problems.push(`id ${id} is used by more than one post`);
  for (const slug of duplicates(slugs)) problems.push(`slug "${slug}" is used by more than one post`);
  const lastId = Math.max(posts.length - 1, ...ids);
  for (let id = 0; id <= lastId; id += 1) {
    if (!ids.includes(id)) problems.push(`post ${id} is missing (ids run 0..${lastId} without gaps)`);
  }
  const byId = [...posts].sort((a, b) => a.summary.id - b.summary.id);
  for (let index = 1; index < byId.length; index += 1) {
    const newer = byId[index - 1].summary;
    const older = byId[index];
    if (older.summary.isoDate > newer.isoDate) {
      problems.push(
        inFile(
          older.file,
          `date ${older.summary.isoDate} is newer than post ${newer.id} (${newer.isoDate}); the list is newest first`,
        ),
      );
    }
  }
  return problems;
}
