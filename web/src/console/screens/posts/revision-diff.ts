import type { PostFields, PostImage } from '#shared/console/posts.ts';

export type LineChange = { kind: 'same' | 'removed' | 'added'; text: string } | { kind: 'skipped'; count: number };

/** The fields in the editor's order, with their names as the owners read them. */
const FIELD_LABELS: [keyof PostFields, string][] = [
  ['title', 'Title'],
  ['slug', 'Address'],
  ['postedDate', 'Date the post shows'],
  ['subtitle', 'Subtitle'],
  ['author', 'Author line'],
  ['markdown', 'Body'],
  ['banner', 'Banner image'],
  ['thumbnail', 'Thumbnail'],
  ['metaDescription', 'Meta description'],
  ['socialTitle', 'Social title'],
  ['socialImage', 'Social image'],
];

/** Longest common subsequence table past which a change is shown as the old lines, then the new. */
const MAX_CELLS = 1_000_000;
/** Unchanged lines shown around each change; longer unchanged runs are folded. */
const CONTEXT = 2;

/**
 * The lines of `before` and `after` as removed, added and unchanged, in order: the longest common
 * subsequence of the lines that differ (the common start and end set aside first, so a typical
 * edit of a long body compares only its few changed lines).
 */
function lineChanges(before: string[], after: string[]): LineChange[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end += 1;
  const a = before.slice(start, before.length - end);
  const b = after.slice(start, after.length - end);
  const middle: LineChange[] = [];
  if (a.length * b.length > MAX_CELLS) {
    middle.push(
      ...a.map((text) => ({ kind: 'removed' as const, text })),
      ...b.map((text) => ({ kind: 'added' as const, text })),
    );
  } else {
    // lengths[i][j]: the longest common subsequence of a[i..] and b[j..], one flat array.
    const width = b.length + 1;
    const lengths = new Uint32Array((a.length + 1) * width);
    for (let i = a.length - 1; i >= 0; i -= 1)
      for (let j = b.length - 1; j >= 0; j -= 1)
        lengths[i * width + j] =
          a[i] === b[j]
            ? lengths[(i + 1) * width + j + 1]! + 1
            : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      if (i < a.length && j < b.length && a[i] === b[j]) {
        middle.push({ kind: 'same', text: a[i]! });
        i += 1;
        j += 1;
      } else if (i < a.length && (j === b.length || lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)) {
        // The old line first, then the new one, as a reader compares them.
        middle.push({ kind: 'removed', text: a[i]! });
        i += 1;
      } else {
        middle.push({ kind: 'added', text: b[j]! });
        j += 1;
      }
    }
  }
  const same = (text: string) => ({ kind: 'same' as const, text });
  return [...before.slice(0, start).map(same), ...middle, ...before.slice(before.length - end).map(same)];
}

/** Unchanged runs longer than the context around changes, folded to "n unchanged lines". */
function folded(changes: LineChange[]): LineChange[] {
  const near = (index: number) =>
    changes.slice(Math.max(0, index - CONTEXT), index + CONTEXT + 1).some((change) => change.kind !== 'same');
  const out: LineChange[] = [];
  changes.forEach((change, index) => {
    if (change.kind !== 'same' || near(index)) return void out.push(change);
    const last = out[out.length - 1];
    if (last?.kind === 'skipped') last.count += 1;
    else out.push({ kind: 'skipped', count: 1 });
  });
  return out;
}

export const lineDiff = (before: string, after: string) => folded(lineChanges(before.split('\n'), after.split('\n')));

const imageText = (image?: PostImage) =>
  image ? `${image.src} (${image.width} × ${image.height}), alt text "${image.alt}"` : 'none';

/** A field's value as one text to compare. */
const fieldText = (fields: PostFields, name: keyof PostFields): string => {
  const value = fields[name];
  return typeof value === 'string' ? value : imageText(value);
};

export interface FieldChange {
  label: string;
  before: string;
  after: string;
  /** The body's lines, which are compared line by line. */
  lines?: LineChange[];
}

/**
 * What differs from `older` to `newer`, field by field, in the editor's order, the body line by
 * line; without `older` (one revision seen whole), every field that has something.
 */
export const fieldChanges = (older: PostFields | undefined, newer: PostFields): FieldChange[] =>
  FIELD_LABELS.flatMap(([name, label]) => {
    const before = older ? fieldText(older, name) : '';
    const after = fieldText(newer, name);
    if (before === after || (!older && after === 'none')) return [];
    return [{ label, before, after, ...(older && name === 'markdown' && { lines: lineDiff(before, after) }) }];
  });
