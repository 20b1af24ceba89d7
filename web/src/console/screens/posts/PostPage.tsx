import { useCallback, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { PostDraft } from '#shared/console/posts.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useFocusOnMount } from '../../layout/use-focus-on-mount';
import { LoadState } from '../../loading/LoadState';
import { useLoaded } from '../../loading/use-loaded';
import { useOwner } from '../../session/use-owner';
import { whenText } from '../../kit/when';
import { NEW_POST, PostEditor } from './PostEditor';
import { shownDate, STATE_WORDS } from './post-words';
import { postOf } from './posts-api';

/**
 * A post (/admin/posts/<id>), or a new one (/admin/posts/new) until its first save stores it: then
 * the address becomes the post's without leaving the page, so the owner goes on typing.
 */
export function PostPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const owner = useOwner();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  // The post a first save just stored: its page needs no second read.
  const created = useRef<PostDraft | undefined>(undefined);
  const load = useCallback(
    (signal: AbortSignal): Promise<PostDraft | null> => {
      if (id === NEW_POST) return Promise.resolve(null);
      if (created.current?.id === id) return Promise.resolve(created.current);
      return postOf(id, signal);
    },
    [id],
  );
  const { value, setValue, error, reload } = useLoaded(load);
  const post = value ?? undefined;

  const stored = (next: PostDraft) => {
    setValue(next);
    if (id !== NEW_POST) return;
    created.current = next;
    void navigate(`../${next.id}`, { relative: 'path', replace: true });
  };

  return (
    <>
      <p className="console-back">
        <Link to=".." relative="path">
          ← All posts
        </Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {post?.title || 'New post'}
      </h1>
      {post && (
        <p className="console-lede">
          {STATE_WORDS[post.state]} · /{post.slug} · shows {shownDate(post.postedDate)} · last saved{' '}
          {whenText(post.updatedAt)} by {post.updatedBy}
        </p>
      )}
      {notice && <FormMessage kind="success" text={notice} />}
      <LoadState loaded={value !== undefined} error={error} loadingText="Loading the post…" reload={reload} />
      {value !== undefined && <PostEditor owner={owner} stored={post} onStored={stored} reload={reload} />}
    </>
  );
}
