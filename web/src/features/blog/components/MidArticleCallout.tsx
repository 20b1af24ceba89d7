import { sitePaths } from '#shared/paths.ts';
import { BLOG_COPY } from '../blog-copy';

/**
 * The block every post carries at its `<!-- mid-article -->` line: a tinted callout
 * inviting a discovery call. /contact is a plain link on purpose: the spec has Contact
 * load as a full page (its embedded marketing form expects a fresh document).
 */
export function MidArticleCallout() {
  const copy = BLOG_COPY.midArticle;
  return (
    <aside className="post-callout" aria-labelledby="post-callout-heading">
      <h2 id="post-callout-heading" className="post-callout-heading">
        {copy.heading}
      </h2>
      <p>{copy.text}</p>
      <a className="button button--accent post-callout-link" href={sitePaths.contact}>
        {copy.link}
      </a>
    </aside>
  );
}
