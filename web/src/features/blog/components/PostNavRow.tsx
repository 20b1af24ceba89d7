import { Link } from 'react-router-dom';
import { sitePaths } from '#shared/paths.ts';
import { BLOG_COPY } from '../blog-copy';
import type { AdjacentPosts } from '../post-chain';
import { postPath } from '../post-links';

/**
 * Previous Post / Back to Blog Page / Next Post (docs/spec/site-spec.md#2-screens-and-routes).
 * Previous is the newer post and Next the older one; the ends of the list simply leave that link
 * out. Each link shows the title it leads to, so the reader knows where they are going (the hidden
 * colon keeps label and title apart in the link's accessible name).
 */
export function PostNavRow({ previous, next }: AdjacentPosts) {
  const copy = BLOG_COPY.postNav;
  return (
    <nav className="post-nav" aria-label={copy.label}>
      <ul className="post-nav-list" role="list">
        {previous && (
          <li className="post-nav-previous">
            <Link to={postPath(previous.slug)} rel="prev">
              <span className="post-nav-label">{copy.previous}</span>
              <span className="visually-hidden">: </span>
              <span className="post-nav-title">{previous.title}</span>
            </Link>
          </li>
        )}
        <li className="post-nav-back">
          <Link to={sitePaths.blog}>{copy.back}</Link>
        </li>
        {next && (
          <li className="post-nav-next">
            <Link to={postPath(next.slug)} rel="next">
              <span className="post-nav-label">{copy.next}</span>
              <span className="visually-hidden">: </span>
              <span className="post-nav-title">{next.title}</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
