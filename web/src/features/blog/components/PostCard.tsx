import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { BLOG_COPY } from '../blog-copy';
import { postPath } from '../post-links';
import type { PostSummary } from '../types';
import { PostDate } from './PostDate';

interface PostCardProps {
  post: PostSummary;
  /** Cards in the first row are on screen at load: fetching them lazily would delay them. */
  eager: boolean;
  /**
   * The first card, the only one on a phone's first screen: fetched at high priority, the other
   * eager ones at low. Stated either way: left unstated, Chrome raises an in-viewport image to
   * High once layout has run, so its priority would depend on timing (decision 0062).
   */
  priority?: boolean;
  /** The card's link, for the index to move focus to (the first card that "Show older posts" adds). */
  linkRef?: Ref<HTMLAnchorElement>;
}

/**
 * One post on the blog index. The 'Read More' link carries the title in its accessible
 * name, so a list of links read out of context still says where each goes; blog.css
 * stretches it over the card, so the whole card is one click target and one tab stop.
 */
export function PostCard({ post, eager, priority = false, linkRef }: PostCardProps) {
  const { image } = post;
  return (
    <article className="post-card">
      {image && (
        <img
          className="post-card-image"
          src={image.src}
          width={image.width}
          height={image.height}
          alt={image.alt}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? (priority ? 'high' : 'low') : undefined}
          decoding="async"
        />
      )}
      <div className="post-card-body">
        <h2 className="post-card-title">{post.title}</h2>
        <p className="post-card-date">
          <PostDate post={post} />
        </p>
        <Link className="post-card-link" to={postPath(post.slug)} ref={linkRef}>
          {BLOG_COPY.index.readMore}
          <span className="visually-hidden">: {post.title}</span>
        </Link>
      </div>
    </article>
  );
}
