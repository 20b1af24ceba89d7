/**
 * The repository's posts (web/content/posts/NN-<slug>.md), the seed of a new stack's blog
 * (docs/decisions/0053-blog-posts-from-the-console.md): read, checked as a whole (front matter,
 * body rendered by the blog's own renderer, links and media that exist, the list's order), and
 * given as the posts the renderer takes. Any problem names its file; all of them are reported at
 * once, so a writer fixes them in one pass.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import type { PublishedPost } from '#shared/blog-site.ts';
import { postBodyProblem } from '#shared/post-body-rules.ts';
import { sitePaths } from '#shared/paths.ts';
import { renderPostBody } from '#web/render/post-markdown.ts';
import { postPath } from '#web/src/features/blog/post-links.ts';
import { collectionProblems, type LoadedPost } from './blog/collection-checks';
import { BlogContentError, inFile } from './blog/content-error';
import { dateTextParts, parseFrontMatter, type SeedSummary } from './blog/front-matter';
import { findHtmlPolicyProblems, type HtmlPolicyContext } from './blog/html-policy';

export { BlogContentError } from './blog/content-error';

const WEB_DIR = path.resolve(__dirname, '..');

export interface BlogContentOptions {
  /** Folder of `NN-<slug>.md` posts (default web/content/posts). */
  postsDir?: string;
  /** The site's static files, for checking local images and links (default web/public). */
  publicDir?: string;
}

/** Every page a post may link to: the site's fixed pages and every post. */
function policyContext(slugs: readonly string[], publicDir: string): HtmlPolicyContext {
  const pagePaths = (Object.values(sitePaths) as unknown[]).filter(
    (value): value is string => typeof value === 'string',
  );
  return {
    knownPaths: new Set([...pagePaths, ...slugs.map((slug) => postPath(slug))]),
    publicFileExists: (sitePath) => existsSync(path.join(publicDir, ...sitePath.split('/'))),
  };
}

type SourceFile = { displayPath: string } & ({ parsed: matter.GrayMatterFile<string> } | { problem: string });

async function readSource(file: string, displayPath: string): Promise<SourceFile> {
  try {
    // A fresh options object: gray-matter otherwise caches by content and shares the result.
    return { displayPath, parsed: matter(await readFile(file, 'utf8'), {}) };
  } catch (error) {
    return { displayPath, problem: inFile(displayPath, `front matter is not valid YAML: ${(error as Error).message}`) };
  }
}

interface SeedPost extends LoadedPost {
  markdown: string;
}

interface FileResult {
  post?: SeedPost;
  problems: string[];
}

function loadPost(
  fileName: string,
  displayPath: string,
  parsed: matter.GrayMatterFile<string>,
  context: HtmlPolicyContext,
): FileResult {
  const { summary, problems } = parseFrontMatter(fileName, parsed.data);
  for (const image of [summary.image.src, summary.ogImage]) {
    if (summary.slug && !context.publicFileExists(image)) problems.push(`image ${image} is not in web/public`);
  }
  const markdown = parsed.content.trim();
  // The console's own rules first (no raw HTML, safe links, the site's own sized media): a seed
  // post is one the owners can open and save as it is.
  const ruled = postBodyProblem(markdown);
  if (ruled) problems.push(`body: ${ruled}`);
  else {
    const body = renderPostBody(markdown);
    if ('problem' in body) problems.push(`body ${body.problem}`);
    else problems.push(...findHtmlPolicyProblems(`${body.before}\n${body.after}`, context));
  }
  const located = problems.map((problem) => inFile(displayPath, problem));
  if (located.length > 0) return { problems: located };
  return { post: { file: displayPath, summary, markdown }, problems: [] };
}

/**
 * A seed post's id: 128 bits like any post's (22 base64url characters), but from its slug, so a
 * seeding cut short and run again makes the same post, never a second copy.
 */
export const seedPostId = (slug: string) =>
  createHash('sha256').update(`seed:${slug}`).digest().subarray(0, 16).toString('base64url');

/** The spec's legacy address of the engagement post (a 301 at the edge): the post's own redirect from now on. */
const LEGACY_SLUGS: Readonly<Record<string, string[]>> = {
  [sitePaths.engagementPost.slice(1)]: [sitePaths.legacyEngagementPost.slice(1)],
};

/**
 * A checked seed post as the renderer takes it: published at noon (UTC) of its day, its first
 * revision. The seed of a new stack's Posts table is these posts' fields (web/build/post-seed.ts).
 */
export function seedPublishedPost(summary: SeedSummary, markdown: string): PublishedPost {
  // "December 2022" is all the spec knows of the tree-planter post's date: the month, not a day.
  const monthOnly = dateTextParts(summary.dateText)?.day === undefined;
  return {
    id: seedPostId(summary.slug),
    title: summary.title,
    slug: summary.slug,
    subtitle: summary.subtitle ?? '',
    postedDate: monthOnly ? summary.isoDate.slice(0, 7) : summary.isoDate,
    author: summary.author ?? '',
    markdown,
    // One image for the banner and the card (tools/blog-media draws it); no thumbnail of its own.
    banner: summary.image,
    metaDescription: summary.description,
    socialTitle: '',
    socialImage: { ...summary.image, src: summary.ogImage },
    publishedAt: Date.parse(`${summary.isoDate}T12:00:00Z`) / 1000,
    revision: 1,
    redirectsFrom: LEGACY_SLUGS[summary.slug] ?? [],
  };
}

/**
 * Reads and checks the repository's posts; returns them newest first (the front matter's ids),
 * or throws one BlogContentError listing every problem, each with its file.
 */
export async function readSeedPosts(options: BlogContentOptions = {}): Promise<PublishedPost[]> {
  const postsDir = options.postsDir ?? path.join(WEB_DIR, 'content', 'posts');
  const names = (await readdir(postsDir)).filter((name) => name.endsWith('.md')).sort();
  const sources = await Promise.all(
    names.map((name) => readSource(path.join(postsDir, name), path.relative(process.cwd(), path.join(postsDir, name)))),
  );
  // Posts link to each other: every slug the front matter names is a known page.
  const slugs = sources.flatMap((source) =>
    'parsed' in source && typeof source.parsed.data.slug === 'string' ? [source.parsed.data.slug] : [],
  );
  const context = policyContext(slugs, options.publicDir ?? path.join(WEB_DIR, 'public'));
  const results = sources.map((source, index): FileResult =>
    'parsed' in source
      ? loadPost(names[index]!, source.displayPath, source.parsed, context)
      : { problems: [source.problem] },
  );
  const posts = results.flatMap(({ post }) => (post ? [post] : []));
  const problems = results.flatMap((result) => result.problems);
  // Cross-file checks only make sense once every file parsed; otherwise they repeat noise.
  if (problems.length === 0) problems.push(...collectionProblems(posts));
  if (problems.length > 0) throw new BlogContentError(problems);
  return [...posts]
    .sort((a, b) => a.summary.id - b.summary.id)
    .map(({ summary, markdown }) => seedPublishedPost(summary, markdown));
}
