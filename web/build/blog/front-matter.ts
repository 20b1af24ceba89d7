/**
 * The front matter of a seed post (web/content/posts/NN-<slug>.md): checked, and read into what the
 * seed of a new stack is made of (web/build/blog-content.ts, web/build/post-seed.ts).
 */
import { MONTHS } from '#shared/post-dates.ts';

/** The banner/card SVG and the Open Graph PNG are 1200×630 (what tools/blog-media/ draws). */
export const POST_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** A seed post as its front matter states it. */
export interface SeedSummary {
  /** 0 is the newest; the file names and the list order agree. */
  id: number;
  slug: string;
  title: string;
  subtitle?: string;
  /** As displayed: 'May 16, 2024' (or 'December 2022' where only the month is known). */
  dateText: string;
  /** '2024-05-16' (a month-only date: its first day). */
  isoDate: string;
  author?: string;
  description: string;
  /** Site-relative banner/card image (SVG) with its intrinsic size. */
  image: { src: string; width: number; height: number; alt: string };
  /** Site-relative 1200×630 PNG for Open Graph. */
  ogImage: string;
}

const REQUIRED = ['id', 'slug', 'title', 'date', 'dateText', 'description'] as const;
const OPTIONAL = ['subtitle', 'author'] as const;
const KNOWN_KEYS = new Set<string>([...REQUIRED, ...OPTIONAL]);

/** 'May 16, 2024' or, where only the month is known, 'December 2022'. */
const DATE_TEXT = new RegExp(`^(${MONTHS.join('|')}) (?:(\\d{1,2}), )?(\\d{4})$`);
/** Lowercase words joined by hyphens; an apostrophe may sit inside a word ("it's"). */
const SLUG = /^[a-z0-9]+(?:['-][a-z0-9]+)*$/;
export const MAX_DESCRIPTION_LENGTH = 320;

/** Image files are named after the slug without apostrophes (safe in every URL context). */
export const imageBaseName = (slug: string): string => slug.replace(/'/g, '');

type FrontMatter = Record<string, unknown>;
type Parsed = { summary: SeedSummary; problems: string[] };

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

/**
 * YAML turns an unquoted 2024-05-16 into a Date at UTC midnight; a quoted one stays a string.
 * Both are accepted; anything else (or an impossible day) is not.
 */
function isoDateOf(value: unknown): string | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) ? value : undefined;
}

/**
 * The parts of a date text such as 'May 16, 2024' (month '05', day '16') or, where only the month
 * is known, 'December 2022' (no day); undefined for any other text.
 */
export function dateTextParts(dateText: string): { year: string; month: string; day?: string } | undefined {
  const match = DATE_TEXT.exec(dateText);
  if (!match) return undefined;
  const [, monthName, day, year] = match;
  const month = String(MONTHS.indexOf(monthName as (typeof MONTHS)[number]) + 1).padStart(2, '0');
  return { year: year!, month, ...(day ? { day: day.padStart(2, '0') } : {}) };
}

/** The problem with `dateText` given the ISO date, or undefined when they agree. */
function dateTextProblem(dateText: unknown, isoDate: string | undefined): string | undefined {
  if (typeof dateText !== 'string') return 'dateText is missing';
  const parts = dateTextParts(dateText);
  if (!parts) return `dateText "${dateText}" must read like "May 16, 2024" or "December 2022"`;
  if (!isoDate) return undefined;
  const expected = [parts.year, parts.month, ...(parts.day ? [parts.day] : [])].join('-');
  return isoDate.startsWith(expected) ? undefined : `dateText "${dateText}" does not match date ${isoDate}`;
}

function fieldProblems(data: FrontMatter, isoDate: string | undefined): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(data)) {
    if (!KNOWN_KEYS.has(key))
      problems.push(`unknown front matter key "${key}" (allowed: ${[...KNOWN_KEYS].join(', ')})`);
  }
  for (const key of REQUIRED) if (data[key] === undefined) problems.push(`${key} is missing`);
  if (data.id !== undefined && !(Number.isInteger(data.id) && (data.id as number) >= 0)) {
    problems.push(`id must be a whole number from 0, got ${JSON.stringify(data.id)}`);
  }
  if (data.slug !== undefined && !(typeof data.slug === 'string' && SLUG.test(data.slug))) {
    problems.push(`slug ${JSON.stringify(data.slug)} must be lowercase words joined by hyphens`);
  }
  for (const key of ['title', 'description', ...OPTIONAL]) {
    if (data[key] !== undefined && !nonEmptyString(data[key])) problems.push(`${key} must be non-empty text`);
  }
  if (data.date !== undefined && !isoDate) {
    problems.push(`date ${JSON.stringify(data.date)} must be an ISO date like "2024-05-16"`);
  }
  const dateProblem = data.dateText === undefined ? undefined : dateTextProblem(data.dateText, isoDate);
  if (dateProblem) problems.push(dateProblem);
  if (nonEmptyString(data.description) && data.description.length > MAX_DESCRIPTION_LENGTH) {
    problems.push(
      `description is ${data.description.length} characters; search results show about 160, keep it under ${MAX_DESCRIPTION_LENGTH}`,
    );
  }
  if (nonEmptyString(data.author) && /^by\s/i.test(data.author)) {
    problems.push('author is a name only; the page adds "By"');
  }
  return problems;
}

/**
 * `07-emotional-intelligence-in-leadership.md` must hold id 7 and that slug. Apostrophes may
 * be left out of the file name (as in the image names): they are awkward in shells.
 */
function fileNameProblem(fileName: string, data: FrontMatter): string | undefined {
  if (typeof data.id !== 'number' || typeof data.slug !== 'string') return undefined;
  const prefix = String(data.id).padStart(2, '0');
  const accepted = [`${prefix}-${imageBaseName(data.slug)}.md`, `${prefix}-${data.slug}.md`];
  return accepted.includes(fileName) ? undefined : `file name should be ${accepted[0]} (from its id and slug)`;
}

/** Checks one post's front matter and builds its summary (meaningful only when no problems). */
export function parseFrontMatter(fileName: string, data: FrontMatter): Parsed {
  const isoDate = isoDateOf(data.date);
  const problems = fieldProblems(data, isoDate);
  const nameProblem = fileNameProblem(fileName, data);
  if (nameProblem) problems.push(nameProblem);

  const slug = String(data.slug ?? '');
  const base = imageBaseName(slug);
  const summary: SeedSummary = {
    id: data.id as number,
    slug,
    title: String(data.title ?? '').trim(),
    ...(nonEmptyString(data.subtitle) ? { subtitle: data.subtitle.trim() } : {}),
    dateText: String(data.dateText ?? ''),
    isoDate: isoDate ?? '',
    ...(nonEmptyString(data.author) ? { author: data.author.trim() } : {}),
    description: String(data.description ?? '').trim(),
    // Decorative geometric art beside the post's own title: an empty alt keeps screen
    // readers from announcing it twice.
    image: { src: `/images/blog/${base}.svg`, ...POST_IMAGE_SIZE, alt: '' },
    ogImage: `/images/blog/og/${base}.png`,
  };
  return { summary, problems };
}
