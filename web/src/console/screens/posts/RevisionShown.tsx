import type { PostRevision } from '#shared/console/posts.ts';
import { fieldChanges, type LineChange } from './revision-diff';

const LINE_WORDS = { removed: 'Removed: ', added: 'Added: ', same: '' } as const;

function BodyLines({ lines }: { lines: LineChange[] }) {
  return (
    <ol className="console-diff">
      {lines.map((line, index) =>
        line.kind === 'skipped' ? (
          <li key={index} className="console-diff__skipped">
            {line.count === 1 ? '1 unchanged line' : `${line.count} unchanged lines`}
          </li>
        ) : (
          <li key={index} className={`console-diff__${line.kind}`}>
            {line.kind !== 'same' && <span className="visually-hidden">{LINE_WORDS[line.kind]}</span>}
            {line.text || ' '}
          </li>
        ),
      )}
    </ol>
  );
}

/**
 * What changed from one revision (`against`; none: from nothing, so every field of the first one
 * shows) to another: each changed field's words before and after, the body's lines removed and
 * added among folded unchanged ones.
 */
export function RevisionShown({
  revision,
  against,
  onClose,
}: {
  revision: PostRevision;
  against?: PostRevision;
  onClose(): void;
}) {
  const title = against
    ? `From revision ${against.revision} to revision ${revision.revision}`
    : `Revision ${revision.revision}`;
  const changes = fieldChanges(against?.fields, revision.fields);
  return (
    <div className="console-revision" role="region" aria-label={title}>
      <h3>{title}</h3>
      {changes.length === 0 && <p>The two revisions are the same.</p>}
      <dl className="console-details">
        {changes.map(({ label, before, after, lines }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              {lines ? (
                <BodyLines lines={lines} />
              ) : against ? (
                <>
                  Before: <del>{before || '(empty)'}</del>
                  <br />
                  After: <ins>{after || '(empty)'}</ins>
                </>
              ) : (
                after
              )}
            </dd>
          </div>
        ))}
      </dl>
      <button type="button" className="button button--secondary" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
