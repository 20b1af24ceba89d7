import { useState } from 'react';
import { postPagePath } from '#shared/blog-site.ts';
import type { PostChanged, PostDraft } from '#shared/console/posts.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { RequestError } from '#web/src/lib/api-client.ts';
import { AlbertaTimeFields, useAlbertaTime } from '../../kit/AlbertaTimeFields';
import { ConfirmButton } from '../../kit/ConfirmButton';
import { albertaTimeText } from '../campaigns/send-words';
import { cancelSchedule, publishPost, unpublishPost } from './posts-api';
import { followingText, servedPage, useSiteFollows } from './use-site-follows';

interface PostPublishingProps {
  post: PostDraft;
  unsaved: boolean;
  /** A change the API answered: the page shows the post as it is now. */
  onChanged(answer: PostChanged): void;
  /** Refused because the post moved on meanwhile (409): the page reads it again. */
  reload(): Promise<void>;
}

/** Where the post stands on the site, in one sentence. */
function standing(post: PostDraft): string {
  const path = postPagePath(post.publishedSlug ?? post.slug);
  if (post.state === 'scheduled')
    return `Scheduled for ${albertaTimeText(post.scheduledAt!)}: revision ${post.scheduledRevision} will be published at ${postPagePath(post.slug)}.`;
  if (post.state === 'published')
    return post.publishedRevision === post.version && post.publishedSlug === post.slug
      ? `On the site at ${path}, as saved.`
      : `On the site at ${path} as revision ${post.publishedRevision}. Your later saves are not on the site until you publish them.`;
  if (post.state === 'unpublished') return `Taken down: ${path} answers "page not found".`;
  return 'Not on the site yet.';
}

/**
 * Publishing the saved post now or at a time on the firm's clock (Alberta, as a campaign's send),
 * cancelling a schedule, and taking the post down, each asked first and said in plain words; a
 * publish or a take-down then follows the site until the page is there, or gone (use-site-follows.ts).
 * What is published is the saved revision, so it waits while typing is not saved yet.
 */
export function PostPublishing({ post, unsaved, onChanged, reload }: PostPublishingProps) {
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const chosen = useAlbertaTime();
  const acting = useSubmission();
  const { following, follow, stop } = useSiteFollows();
  const path = postPagePath(post.slug);
  const upToDate =
    post.state === 'published' && post.publishedRevision === post.version && post.publishedSlug === post.slug;

  const act = (call: () => Promise<PostChanged>, then?: (answer: PostChanged) => void) =>
    void acting.submit(async () => {
      stop();
      try {
        const answer = await call();
        onChanged(answer);
        then?.(answer);
        return answer.message;
      } catch (failure) {
        if (failure instanceof RequestError && failure.status === 409) void reload();
        throw failure;
      }
    });

  const publish = () => {
    let before: string | undefined;
    act(
      async () => {
        // A page already on the site: its version now, to tell the new one when it comes.
        if (post.publishedRevision !== undefined) before = (await servedPage(path))?.tag;
        return publishPost(
          post.id,
          post.version,
          when === 'later' ? new Date(chosen.at! * 1000).toISOString() : undefined,
        );
      },
      (answer) =>
        answer.post.state === 'published' && follow({ path: postPagePath(answer.post.slug), present: true, before }),
    );
  };
  const unpublish = () => {
    const gone = postPagePath(post.publishedSlug ?? post.slug);
    act(
      () => unpublishPost(post.id),
      () => follow({ path: gone, present: false }),
    );
  };

  const timeProblem = when === 'later' ? chosen.problem : '';
  return (
    <section className="console-card" aria-labelledby="post-publishing">
      <h2 id="post-publishing">On the site</h2>
      <p>{standing(post)}</p>
      {post.state === 'scheduled' && (
        <button
          type="button"
          className="button button--secondary"
          disabled={acting.pending}
          onClick={() => act(() => cancelSchedule(post.id))}
        >
          Cancel the schedule
        </button>
      )}
      {post.state !== 'scheduled' && !upToDate && (
        <>
          <fieldset className="console-send__when">
            <legend className="form-label">Publish</legend>
            <label className="console-preview__option">
              <input type="radio" name="publish-when" checked={when === 'now'} onChange={() => setWhen('now')} /> Now
            </label>
            <label className="console-preview__option">
              <input type="radio" name="publish-when" checked={when === 'later'} onChange={() => setWhen('later')} /> At
              a date and time (Alberta time)
            </label>
          </fieldset>
          {when === 'later' && <AlbertaTimeFields chosen={chosen} />}
          {unsaved ? (
            <p className="console-notice">
              Publishing waits until your changes are saved: what goes on the site is the saved post.
            </p>
          ) : timeProblem ? (
            <p className="console-small">{timeProblem}</p>
          ) : (
            <ConfirmButton
              label={when === 'now' ? 'Publish now' : 'Schedule the publish'}
              question={
                when === 'now'
                  ? `Publish "${post.title}" at ${path} now?`
                  : `Publish "${post.title}" at ${path} on ${albertaTimeText(chosen.at!)}?`
              }
              confirm={when === 'now' ? 'Yes, publish it now' : 'Yes, schedule it'}
              disabled={acting.pending}
              onConfirm={publish}
            />
          )}
        </>
      )}
      {post.publishedRevision !== undefined && post.state !== 'unpublished' && (
        <ConfirmButton
          label="Unpublish"
          question={`Take "${post.title}" off the site? ${postPagePath(post.publishedSlug ?? post.slug)} will answer "page not found" and the blog's lists will no longer name it.`}
          confirm="Yes, take it down"
          disabled={acting.pending}
          onConfirm={unpublish}
        />
      )}
      {acting.pending && <p role="status">Asking the site…</p>}
      {acting.outcome && <FormMessage kind={acting.outcome.kind} text={acting.outcome.text} />}
      {following && (
        <p role="status" className={following.stage === 'late' ? 'console-notice console-notice--warning' : undefined}>
          {followingText(following)}
        </p>
      )}
    </section>
  );
}
