import { useCallback, useState } from 'react';
import type { PostChanged, PostDraft, PostRevision, PostRevisionRow } from '#shared/console/posts.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { errorText } from '#web/src/lib/api-client.ts';
import { ConfirmButton } from '../../kit/ConfirmButton';
import { LoadState } from '../../loading/LoadState';
import { useLoaded } from '../../loading/use-loaded';
import { isoTime, whenText } from '../../kit/when';
import { RevisionShown } from './RevisionShown';
import { restoreRevision, revisionOf, revisionsOf } from './posts-api';

interface RevisionsPanelProps {
  post: PostDraft;
  /** Typing not saved yet: a restore would set it aside, so it waits. */
  unsaved: boolean;
  onRestored(answer: PostChanged): void;
}

const rowText = (row: PostRevisionRow, post: PostDraft) =>
  [
    `Saved ${whenText(row.savedAt)} by ${row.savedBy}`,
    row.cause === 'restored' && `restored from revision ${row.restoredFrom}`,
    row.cause === 'seeded' && "from the site's first posts",
    row.revision === post.publishedRevision && post.state === 'published' && 'on the site',
    row.revision === post.scheduledRevision && post.state === 'scheduled' && 'scheduled',
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * Every saved revision of the post, newest first: any one shown, two compared field by field (the
 * body line by line), and an earlier one restored, which saves its fields as a new revision, so
 * nothing is lost. Loaded when asked for, and again after each save while open.
 */
export function RevisionsPanel(props: RevisionsPanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <section className="console-card" aria-labelledby="post-revisions">
      <h2 id="post-revisions">Revisions</h2>
      <p className="console-small">Every save is kept. See any of them, compare two, or restore an earlier one.</p>
      <button type="button" className="button button--secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide the revisions' : 'Show the revisions'}
      </button>
      {open && <RevisionList {...props} />}
    </section>
  );
}

function RevisionList({ post, unsaved, onRestored }: RevisionsPanelProps) {
  const { id, version } = post;
  const load = useCallback(
    (signal: AbortSignal) =>
      revisionsOf(id, signal).then(({ revisions }) => revisions.filter(({ revision }) => revision <= version)),
    [id, version],
  );
  const { value: rows, error, reload } = useLoaded(load);
  const [older, setOlder] = useState<number>();
  const [newer, setNewer] = useState<number>();
  const [shown, setShown] = useState<{ revision: PostRevision; against?: PostRevision }>();
  const [showError, setShowError] = useState('');
  const restoring = useSubmission();
  const numbers = rows?.map(({ revision }) => revision) ?? [];
  const chosenOlder = older ?? numbers[1] ?? numbers[0];
  const chosenNewer = newer ?? numbers[0];

  const show = async (revision: number, against?: number) => {
    setShowError('');
    try {
      const [one, other] = await Promise.all([
        revisionOf(id, revision),
        against === undefined ? undefined : revisionOf(id, against),
      ]);
      setShown(other ? { revision: other, against: one } : { revision: one });
    } catch (failure) {
      setShowError(errorText(failure));
    }
  };

  const restore = (revision: number) =>
    void restoring.submit(async () => {
      const answer = await restoreRevision(id, revision, version);
      setShown(undefined);
      onRestored(answer);
      return answer.message;
    });

  const picker = (label: string, value: number | undefined, onChange: (value: number) => void) => (
    <label className="console-revisions__pick">
      {label}{' '}
      <select className="form-control" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {numbers.map((number) => (
          <option key={number} value={number}>
            Revision {number}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <>
      <LoadState loaded={!!rows} error={error} loadingText="Loading the revisions…" reload={reload} />
      {restoring.outcome && <FormMessage kind={restoring.outcome.kind} text={restoring.outcome.text} />}
      {unsaved && <p className="console-notice">Restoring waits until your changes are saved.</p>}
      {rows && rows.length > 1 && (
        <div className="console-revisions__compare">
          {picker('Compare', chosenOlder, setOlder)}
          {picker('with', chosenNewer, setNewer)}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void show(chosenOlder!, chosenNewer)}
          >
            Compare
          </button>
        </div>
      )}
      {showError && <FormMessage kind="error" text={showError} />}
      {shown && <RevisionShown {...shown} onClose={() => setShown(undefined)} />}
      {rows && (
        <ol className="console-revisions" aria-label="Revisions, newest first">
          {rows.map((row) => (
            <li key={row.revision}>
              <p className="console-revisions__what">
                <strong>Revision {row.revision}</strong>{' '}
                <time dateTime={isoTime(row.savedAt)} className="console-small">
                  {rowText(row, post)}
                </time>
              </p>
              <div className="console-actions">
                <button type="button" className="button button--secondary" onClick={() => void show(row.revision)}>
                  See revision {row.revision}
                </button>
                {row.revision !== version && (
                  <ConfirmButton
                    label={`Restore revision ${row.revision}`}
                    question={`Restore revision ${row.revision}? Its fields are saved as a new revision; nothing is lost.`}
                    confirm="Yes, restore it"
                    disabled={unsaved || restoring.pending}
                    onConfirm={() => restore(row.revision)}
                  />
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
