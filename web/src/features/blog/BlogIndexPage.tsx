import { BLOG_COPY } from './blog-copy';
import { useCatalog } from './blog-data';
import { PostCard } from './components/PostCard';

/**
 * The widest grid shows three cards a row (docs/spec/site-spec.md#9-business-constants-and-limits);
 * those are on screen at load.
 */
const FIRST_ROW = 3;

/**
 * /blog: every published post as a card, newest first (docs/spec/site-spec.md#2-screens-and-routes),
 * from the catalog the publisher writes (loaded before rendering, like a post's data).
 */
export default function BlogIndexPage() {
  const { posts } = useCatalog();
  return (
    <div className="blog-index">
      <header className="blog-index-header">
        <h1>{BLOG_COPY.index.heading}</h1>
        <p className="blog-index-intro">{BLOG_COPY.index.intro}</p>
      </header>
      {/* role=list: Safari drops list semantics from a list styled without bullets. */}
      <ul className="blog-grid" role="list">
        {posts.map((post, index) => (
          <li key={post.slug}>
            <PostCard post={post} eager={index < FIRST_ROW} priority={index === 0} />
          </li>
        ))}
      </ul>
    </div>
  );
}
