import { Link, useLocation } from 'react-router-dom';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useFocusOnMount } from '../../layout/use-focus-on-mount';
import { LoadState } from '../../loading/LoadState';
import { useLoaded } from '../../loading/use-loaded';
import { isoTime, whenText } from '../../kit/when';
import { NEW_POST } from './PostEditor';
import { albertaTimeText } from '../campaigns/send-words';
import { shownDate, STATE_WORDS } from './post-words';
import { postList } from './posts-api';

/** /admin/posts: every post, published, scheduled and drafts, newest first; a new one. */
export function PostList() {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const { value, error, reload } = useLoaded(postList);
  const posts = value?.posts;

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Posts
      </h1>
      <p className="console-lede">
        The blog’s articles: write one, preview it as the site will show it, publish it now or at a time.
      </p>
      {notice && <FormMessage kind="success" text={notice} />}
      <p>
        <Link to={NEW_POST} className="button button--primary">
          New post
        </Link>
      </p>
      <LoadState loaded={!!posts} error={error} loadingText="Loading the posts…" reload={reload} />
      {posts?.length === 0 && <p className="console-empty">No posts yet. Write the first one.</p>}
      {posts && posts.length > 0 && (
        <table className="console-table">
          <caption className="visually-hidden">Posts, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">State</th>
              <th scope="col">Date shown</th>
              <th scope="col">Last saved</th>
            </tr>
          </thead>
          <tbody>
            {posts.map((post) => (
              <tr key={post.id}>
                <td data-label="Title" className="console-table__wrap">
                  <Link to={post.id}>{post.title}</Link>
                  <br />
                  <span className="console-small">/{post.slug}</span>
                </td>
                <td data-label="State">
                  <span className={`console-state console-state--${post.state}`}>{STATE_WORDS[post.state]}</span>
                  {post.scheduledAt !== undefined && post.state === 'scheduled' && (
                    <span className="console-small">for {albertaTimeText(post.scheduledAt)}</span>
                  )}
                </td>
                <td data-label="Date shown">{shownDate(post.postedDate)}</td>
                <td data-label="Last saved" className="console-table__wrap">
                  <time dateTime={isoTime(post.updatedAt)}>{whenText(post.updatedAt)}</time> by {post.updatedBy}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
