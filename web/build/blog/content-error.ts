/**
 * One build failure listing every problem found, each prefixed with the file it is in, so
 * a writer fixes all of them in one pass instead of one per build.
 */
export class BlogContentError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `Blog content is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((problem) => `  - ${problem}`).join('\n'),
    );
    this.name = 'BlogContentError';
  }
}

/** `web/content/posts/03-foo.md: title is missing` */
export const inFile = (file: string, problem: string): string => `${file}: ${problem}`;
