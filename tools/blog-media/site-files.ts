import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { REPO_ROOT } from '#shared/repo-root.ts';

/** What the generator reads (the posts, the favicon) and where it writes, all under web/. */
const WEB = path.join(REPO_ROOT, 'web');
export const PUBLIC_DIR = path.join(WEB, 'public');
export const BLOG_IMAGES_DIR = path.join(PUBLIC_DIR, 'images/blog');
export const OG_IMAGES_DIR = path.join(BLOG_IMAGES_DIR, 'og');
export const MEDIA_DIR = path.join(PUBLIC_DIR, 'media');
const POSTS_DIR = path.join(WEB, 'content/posts');

/** The posts' slugs and titles from their front matter (the only list of posts), newest first. */
export function readPosts(): { slug: string; title: string }[] {
  return readdirSync(POSTS_DIR)
    .filter((file) => file.endsWith('.md'))
    .map(
      (file) =>
        matter(readFileSync(path.join(POSTS_DIR, file), 'utf8'), {}).data as {
          id: number;
          slug: string;
          title: string;
        },
    )
    .sort((a, b) => a.id - b.id);
}
