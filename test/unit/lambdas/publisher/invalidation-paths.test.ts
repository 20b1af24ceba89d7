/**
 * What the publisher asks CloudFront to invalidate for one object (lambdas/publisher/invalidation-paths.ts):
 * the paths visitors ask for and the object's own, and for a slug with an apostrophe both the form
 * a browser sends and the one the viewer-request function forwards (`%27`), since CloudFront
 * matches an invalidation path as written.
 */
import { invalidationPaths } from '#lambdas/publisher/invalidation-paths.ts';
import { postPageKey, postPagePath } from '#shared/blog-site.ts';

describe('invalidation paths', () => {
  it("names a post's path and its object's, once each", () => {
    expect(invalidationPaths(postPageKey('hiring-in-a-cold-snap'), [postPagePath('hiring-in-a-cold-snap')])).toEqual([
      '/hiring-in-a-cold-snap',
      '/blog-posts/hiring-in-a-cold-snap/index.html',
    ]);
    expect(invalidationPaths('rss.xml', ['/rss.xml'])).toEqual(['/rss.xml']);
  });

  it('names a slug with an apostrophe as browsers send it and as the edge forwards it', () => {
    const slug = "facets-of-jobs-why-it's-so-hard-to-hire-good-people";
    expect(invalidationPaths(postPageKey(slug), [postPagePath(slug)])).toEqual([
      `/${slug}`,
      '/facets-of-jobs-why-it%27s-so-hard-to-hire-good-people',
      `/blog-posts/${slug}/index.html`,
      '/blog-posts/facets-of-jobs-why-it%27s-so-hard-to-hire-good-people/index.html',
    ]);
  });

  it('encodes what RFC 1738 calls unsafe and anything not ASCII, and nothing else', () => {
    expect(invalidationPaths('media/a b~c.png', [])).toEqual(['/media/a%20b%7Ec.png', '/media/a%20b~c.png']);
    expect(invalidationPaths('blog-data/posts/café.json', [])).toEqual(['/blog-data/posts/caf%C3%A9.json']);
  });
});
