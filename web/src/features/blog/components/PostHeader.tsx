import { BLOG_COPY } from '../blog-copy';
import type { PostView } from '../types';
import { PostDate } from './PostDate';

/** Title, subtitle, date and byline, then the banner, loaded first: it is the page's largest image. */
export function PostHeader({ post }: { post: PostView }) {
  const { banner } = post;
  return (
    <header className="post-header">
      <h1 className="post-title">{post.title}</h1>
      {post.subtitle && <p className="post-subtitle">{post.subtitle}</p>}
      <p className="post-meta">
        {BLOG_COPY.post.posted} <PostDate post={post} />
        {post.author && (
          <>
            <span className="post-meta-separator" aria-hidden="true">
              {' · '}
            </span>
            <span className="post-author">
              {BLOG_COPY.post.byline} {post.author}
            </span>
          </>
        )}
      </p>
      {banner && (
        <img
          className="post-banner"
          src={banner.src}
          width={banner.width}
          height={banner.height}
          alt={banner.alt}
          loading="eager"
          fetchPriority="high"
        />
      )}
    </header>
  );
}
