import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { countOf } from '#shared/count-words.ts';
import { SPAM_RUN_SHOWN_MAX, type SpamRun } from '#shared/console/leads.ts';
import type { SpamRunScope } from '#shared/console/leads-schemas.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { errorText } from '#web/src/lib/api-client.ts';
import { withRetries } from '../../export/export-parts';
import { beginSpamRun, spamRunStep, type InboxFilters } from './leads-api';
import { spamRunDone, spamRunProgress, spamRunQuestion, spamRunStopped, type SpamRunChoice } from './spam-run-words';

type Shown =
  | { phase: 'idle' }
  | { phase: 'counting' }
  | { phase: 'asking'; run: SpamRun; scope: SpamRunScope; choice: SpamRunChoice }
  | { phase: 'running'; run: SpamRun }
  | { phase: 'done'; text: string }
  | { phase: 'stopped'; text: string; run?: SpamRun; scope?: SpamRunScope };

interface SpamRunPanelProps {
  /** The view as filtered and searched now. */
  filters: InboxFilters;
  /** The ids of the leads the list shows now. */
  shownIds: string[];
  /** Where the leads are, in the question's words: "that match these filters", "of the inbox". */
  where: string;
  /** Told when a run is done: the list shows what is left. */
  onMarked(): void;
}

/**
 * Marks a flood as spam in one action (docs/decisions/0075-marking-a-flood-as-spam.md): the leads
 * shown (up to SPAM_RUN_SHOWN_MAX), or every lead of the view as filtered. The API counts them
 * first, so the question names the number; then the page asks for the run's steps in turn, saying
 * how far it has come. A step that gets no answer is asked again; if the run stops (the session
 * ended, another window is running it), what is marked stays marked and "Continue marking" goes on
 * from there. The API writes the one audit entry, with the count.
 */
export function SpamRunPanel({ filters, shownIds, where, onMarked }: SpamRunPanelProps) {
  const [shown, setShown] = useState<Shown>({ phase: 'idle' });
  // The view as filtered, as a run's scope: none in the spam view, whose leads are marked already.
  const { view, ...filtered } = filters;
  const viewScope: SpamRunScope | undefined = view === 'spam' ? undefined : { ...filtered, ...(view && { view }) };
  // One run at a time, and none after the panel is gone (another view, another screen).
  const busy = useRef(false);
  const gone = useRef(false);
  useEffect(() => () => void (gone.current = true), []);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (shown.phase === 'asking') confirmRef.current?.focus();
  }, [shown.phase]);

  const begin = (choice: SpamRunChoice) => {
    if (busy.current || !viewScope) return;
    busy.current = true;
    const scope: SpamRunScope = choice === 'shown' ? { ...viewScope, ids: shownIds } : viewScope;
    setShown({ phase: 'counting' });
    beginSpamRun(scope)
      .then((run) => {
        if (run.total === 0) setShown({ phase: 'done', text: 'No lead here is left to mark as spam.' });
        else setShown({ phase: 'asking', run, scope, choice });
      })
      .catch((error: unknown) => setShown({ phase: 'stopped', text: errorText(error) }))
      .finally(() => (busy.current = false));
  };

  const carryOn = async (from: SpamRun, scope: SpamRunScope) => {
    if (busy.current) return;
    busy.current = true;
    let run = from;
    setShown({ phase: 'running', run });
    try {
      while (!run.done && !gone.current) {
        const at = run;
        run = await withRetries(() => spamRunStep(at.run, scope));
        setShown({ phase: 'running', run });
      }
      if (run.done) {
        setShown({ phase: 'done', text: spamRunDone(run) });
        onMarked();
      }
    } catch (error) {
      setShown({ phase: 'stopped', text: spamRunStopped(errorText(error), run), run, scope });
    } finally {
      busy.current = false;
    }
  };

  const working = shown.phase === 'counting' || shown.phase === 'asking' || shown.phase === 'running';
  const resumable = shown.phase === 'stopped' && shown.run && shown.scope ? shown : undefined;
  // Nothing to offer while the list shows no lead (loading, or empty), what a run said aside.
  if ((shown.phase === 'idle' && shownIds.length === 0) || viewScope === undefined) return null;
  return (
    <div className="console-bulk" role="group" aria-labelledby="spam-run-label">
      <p id="spam-run-label" className="console-bulk__label">
        Mark as spam:
      </p>
      {resumable ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void carryOn(resumable.run!, resumable.scope!)}
        >
          Continue marking
        </button>
      ) : (
        shownIds.length > 0 && (
          <>
            {shownIds.length <= SPAM_RUN_SHOWN_MAX && (
              <button
                type="button"
                className="button button--secondary"
                disabled={working}
                onClick={() => begin('shown')}
              >
                {`The ${countOf(shownIds.length, 'lead')} shown…`}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              disabled={working}
              onClick={() => begin('matching')}
            >
              Every lead that matches…
            </button>
          </>
        )
      )}
      {shown.phase === 'counting' && <p role="status">Counting the leads…</p>}
      {shown.phase === 'asking' && (
        <div className="console-confirm" role="group" aria-label="Mark these leads as spam?">
          <p className="console-confirm__question">{spamRunQuestion(shown.choice, shown.run.total, where)}</p>
          <button
            ref={confirmRef}
            type="button"
            className="button button--primary"
            onClick={() => void carryOn(shown.run, shown.scope)}
          >
            {`Yes, mark ${countOf(shown.run.total, 'lead')} as spam`}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setShown({ phase: 'idle' })}>
            Cancel
          </button>
        </div>
      )}
      {shown.phase === 'running' && (
        <p role="status">{`${spamRunProgress(shown.run)} Please keep this page open until it is done.`}</p>
      )}
      {shown.phase === 'done' && <FormMessage kind="success" text={shown.text} />}
      {shown.phase === 'stopped' && <FormMessage kind="error" text={shown.text} />}
    </div>
  );
}
