import { Link } from 'react-router-dom';
import { sitePaths } from '#shared/paths.ts';
import { ExternalLink } from '#web/src/components/ExternalLink.tsx';
import { useSiteConfig } from '#web/src/config.ts';
import { BLOG_COPY } from '../blog-copy';

/**
 * The panel shared by every post: contact, book a call, and the free scorecard. It sits
 * beside the article on large screens and below it on small ones (blog.css).
 */
export function PostSidePanel() {
  const { bookCallUrl } = useSiteConfig();
  const copy = BLOG_COPY.sidePanel;
  return (
    <aside className="post-aside" aria-label={copy.label}>
      <section className="post-aside-section">
        <h2 className="post-aside-heading">{copy.contact.heading}</h2>
        <p>{copy.contact.text}</p>
        {/* A full page load, as the header's Contact link (docs/spec/site-spec.md#2-screens-and-routes). */}
        <a className="post-aside-link" href={sitePaths.contact}>
          {copy.contact.link}
        </a>
      </section>
      <section className="post-aside-section">
        <h2 className="post-aside-heading">{copy.bookCall.heading}</h2>
        <p>{copy.bookCall.text}</p>
        <ExternalLink className="post-aside-link" href={bookCallUrl}>
          {copy.bookCall.link}
        </ExternalLink>
      </section>
      <section className="post-aside-section post-aside-resource">
        <p className="post-aside-eyebrow">{copy.resources.eyebrow}</p>
        <h2 className="post-aside-heading">{copy.resources.heading}</h2>
        <p>{copy.resources.text}</p>
        <Link className="button button--primary" to={sitePaths.scorecardForm}>
          {copy.resources.link}
        </Link>
      </section>
    </aside>
  );
}
