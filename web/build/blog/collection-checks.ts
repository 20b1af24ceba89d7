import type { PostSummary } from '../../src/features/blog/types';
import { EXPECTED_POSTS, type ExpectedPost } from './expected-posts';
import { inFile } from './content-error';

export interface LoadedPost {
  file: string;
  summary: PostSummary;
}

function duplicates(values: readonly (string | number)[]): Set<string | number> {
  return new Set(values.filter((value, index) => values.indexOf(value) !== index));
}

function expectedPostProblems(file: string, post: PostSummary, expected: ExpectedPost): string[] {
  const problems: string[] = [];
  if (post.slug !== expected.slug) {
    problems.push(inFile(file, `id ${post.id} must be "${expected.slug}" (spec list order), not "${post.slug}"`));
  }
  if (post.dateText !== expected.dateText) {
    problems.push(inFile(file, `dateText must be "${expected.dateText}", not "${post.dateText}"`));
  }
  if (expected.subtitle !== undefined && post.subtitle !== expected.subtitle) {
    problems.push(inFile(file, `subtitle must be "${expected.subtitle}"`));
  }
  return problems;
}

/**
 * The whole list against the spec: ids 0..24 each exactly once, each id with its expected
 * slug and date, and dates never getting newer as the ids grow (newest first).
 */
export function collectionProblems(posts: readonly LoadedPost[], expected = EXPECTED_POSTS): string[] {
  const problems: string[] = [];
  const ids = posts.map(({ summary }) => summary.id);
  const slugs = posts.map(({ summary }) => summary.slug);
  for (const id of duplicates(ids)) problems.push(`id ${id} is used by more than one post`);
  for (const slug of duplicates(slugs)) problems.push(`slug "${slug}" is used by more than one post`);
  expected.forEach((entry, id) => {
    if (!ids.includes(id)) problems.push(`post ${id} ("${entry.slug}") is missing`);
  });
  for (const { file, summary } of posts) {
    const entry = expected[summary.id];
    if (entry) problems.push(...expectedPostProblems(file, summary, entry));
    else problems.push(inFile(file, `id ${summary.id} is outside 0..${expected.length - 1}`));
  }
  const byId = [...posts].sort((a, b) => a.summary.id - b.summary.id);
  for (let index = 1; index < byId.length; index += 1) {
    const newer = byId[index - 1].summary;
    const older = byId[index];
    if (older.summary.isoDate > newer.isoDate) {
      problems.push(inFile(older.file, `date ${older.summary.isoDate} is newer than post ${newer.id} (${newer.isoDate}); the list is newest first`));
    }
  }
  return problems;
}
