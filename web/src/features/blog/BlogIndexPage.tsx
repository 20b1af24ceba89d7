import { useEffect, useRef, useState } from 'react';
import { BLOG_COPY } from './blog-copy';
import { useCatalog } from './blog-data';
import { PostCard } from './components/PostCard';

/**
 * The widest grid shows three cards a row (docs/spec/site-spec.md#9-business-constants-and-limits);
 * those are on screen at load.
 */
const FIRST_ROW = 3;

/**
 * Cards shown at first, and added by each "Show older posts": whole rows of the grid at three and
 * at two a row, and every post of the spec's 25. A blog of hundreds of posts would otherwise lay
 * out and hydrate every card at load: with 200, the load's longest task grew from about 17 ms to
 * 30-60 ms of CPU, one over Lighthouse's 50 ms at its 4x slowdown (issue 31's budget; decision 0053).
 */
export const BLOG_PAGE_SIZE = 30;

/**
 * /blog: the published posts as cards, newest first (docs/spec/site-spec.md#2-screens-and-routes),
 * from the catalog the publisher writes (loaded before rendering, like a post's data); the older
 * ones a page at a time. Every post is also in the blog's sitemap and in its neighbours' links.
 */
export default function BlogIndexPage() {
  const { posts } = useCatalog();
  const [shown, setShown] = useState(BLOG_PAGE_SIZE);
  const [focusAt, setFocusAt] = useState<number>();
  const firstAdded = useRef<HTMLAnchorElement>(null);

  // The cards a click added: move there, so keyboard and screen reader users go on reading.
  useEffect(() => {
    if (focusAt !== undefined) firstAdded.current?.focus();
  }, [focusAt]);

  const showOlder = () => {
    setFocusAt(shown);
    setShown(shown + BLOG_PAGE_SIZE);
  };

  return (
    <div className="blog-index">
      <header className="blog-index-header">
        <h1>{BLOG_COPY.index.heading}</h1>
        <p className="blog-index-intro">{BLOG_COPY.index.intro}</p>
      </header>
      {/* role=list: Safari drops list semantics from a list styled without bullets. */}
      <ul className="blog-grid" role="list">
        {posts.slice(0, shown).map((post, index) => (
          <li key={post.slug}>
            <PostCard
              post={post}
              eager={index < FIRST_ROW}
              priority={index === 0}
              linkRef={index === focusAt ? firstAdded : undefined}
            />
          </li>
        ))}
      </ul>
      {posts.length > shown && (
        <p className="blog-index-more">
          <button type="button" className="button button--secondary" onClick={showOlder}>
            {BLOG_COPY.index.showOlder}
          </button>
        </p>
      )}
    </div>
  );
}
