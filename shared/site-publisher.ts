/**
 * The site's publisher (docs/decisions/0052-newsletter-archive.md, 0053-blog-posts-from-the-console.md):
 * one function that writes the parts of the public site the web build cannot know (the newsletter
 * archive, the blog's posts), named once for the function, its grants and the local twin.
 */

/**
 * The key of the publisher's one item in the Campaigns table: what it last wrote, its runs'
 * counters and the lease that lets one run publish at a time (lambdas/data/publisher-state.ts);
 * the only item its role may update (infra/cdk/constructs/site-publisher.ts). The value predates the
 * blog (issue 31): on a deployed stack the item already holds the counters and the lease of runs
 * that may be in flight, and under a new key the old item would stay behind where the
 * publisher's role could not delete it.
 */
export const PUBLISHER_STATE_ID = 'archive#state';
