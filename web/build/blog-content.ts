import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { sitePaths } from '#shared/paths.ts';
import { postPath } from '#web/src/features/blog/post-links.ts';
import type { PostSummary } from '#web/src/features/blog/types.ts';
import { collectionProblems, type LoadedPost } from './blog/collection-checks';
import { BlogContentError, inFile } from './blog/content-error';
import { parseFrontMatter } from './blog/front-matter';
import { writeBlogModules, type GeneratedPost } from './blog/generated-modules';
import { findHtmlPolicyProblems, type HtmlPolicyContext } from './blog/html-policy';
import { renderPostBody } from './blog/markdown';

export { renderRss } from './blog/rss';
export { blogSitemapEntries, type SitemapEntry } from './blog/sitemap-entries';
export { BlogContentError } from './blog/content-error';
export { BLOG_FEED_PATH } from '#web/src/features/blog/post-links.ts';

const WEB_DIR = path.resolve(__dirname, '..');

export interface BlogContentOptions {
  /** Folder of `NN-<slug>.md` posts (default web/content/posts). */
  postsDir?: string;
  /** Where posts.ts, bodies/ and body-loaders.ts go (default web/.generated/blog). */
  outDir?: string;
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

interface FileResult {
  post?: GeneratedPost & LoadedPost;
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
  const body = renderPostBody(parsed.content);
  if ('problem' in body) problems.push(body.problem);
  else problems.push(...findHtmlPolicyProblems(`${body.before}\n${body.after}`, context));
  const located = problems.map((problem) => inFile(displayPath, problem));
  if (located.length > 0 || 'problem' in body) return { problems: located };
  return { post: { file: displayPath, summary, body }, problems: [] };
}

/**
 * Reads, checks and renders the blog at build time: the posts' metadata becomes
 * web/.generated/blog/posts.ts, each body its own module (one chunk per post), and
 * body-loaders.ts maps ids to those chunks. Any problem fails the build, naming its file.
 * Returns the summaries, newest first, for the routes, the feed and the sitemap.
 */
export async function generateBlogModules(options: BlogContentOptions = {}): Promise<PostSummary[]> {
  const postsDir = options.postsDir ?? path.join(WEB_DIR, 'content', 'posts');
  const outDir = options.outDir ?? path.join(WEB_DIR, '.generated', 'blog');
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
      ? loadPost(names[index], source.displayPath, source.parsed, context)
      : { problems: [source.problem] },
  );
  const posts = results.flatMap(({ post }) => (post ? [post] : []));
  const problems = results.flatMap((result) => result.problems);
  // Cross-file checks only make sense once every file parsed; otherwise they repeat noise.
  if (problems.length === 0) problems.push(...collectionProblems(posts));
  if (problems.length > 0) throw new BlogContentError(problems);

  const ordered = [...posts].sort((a, b) => a.summary.id - b.summary.id);
  await writeBlogModules(ordered, outDir);
  return ordered.map(({ summary }) => summary);
}
