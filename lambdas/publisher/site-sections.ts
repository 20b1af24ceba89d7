/**
 * The sections of the site the publisher owns, in the order it computes them: made once for the
 * Lambda handler and the local twin, so both publish the same site.
 */
import { RENDER_KIT_KEY } from '#shared/blog-site.ts';
import { renderBlogObjects } from '#web/render/blog-site.tsx';
import { archiveSection } from '../campaigns/archive/archive-section';
import type { SeedPost } from '../data/post-items';
import { readPublishedPosts, seedPostsIfEmpty } from '../data/posts';
import type { TableStore } from '../data/stores';
import { blogSection } from './blog-section';
import type { PublishedSite, SiteSection } from './publish-site';

export const siteSections = ({
  campaigns,
  posts,
  site,
  siteUrl,
  now,
  seed,
}: {
  campaigns: TableStore;
  posts: TableStore;
  /** Where the render kit is read (the deployed build's, beside the pages). */
  site: Pick<PublishedSite, 'read'>;
  siteUrl: string;
  /** Unix seconds: when a seeded post was written. */
  now: () => number;
  /** The posts a new stack's table is seeded with: the repository's (web/content/posts) unless a test gives its own. */
  seed?: readonly SeedPost[];
}): SiteSection[] => [
  archiveSection(campaigns, siteUrl),
  blogSection({
    seed: () => seedPostsIfEmpty(posts, now(), seed),
    posts: () => readPublishedPosts(posts),
    renderKit: () => site.read(RENDER_KIT_KEY),
    render: renderBlogObjects,
    siteUrl,
  }),
];
