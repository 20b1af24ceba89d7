import { useState } from 'react';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { RequestError } from '#web/src/lib/api-client.ts';
import { ConfirmButton } from '../../kit/ConfirmButton';
import { countText } from '../../kit/when';
import { cancelSend, pauseSend, resumeSend, sendProgressOf } from './campaigns-api';
import { confirmedText, PROGRESS_COUNTS, sendStage, stageText } from './send-words';
import { SendResultsTables } from './SendResultsTables';
import type { SendProgressReading } from './use-send-progress';

/**
 * A frozen campaign's send: where it stands in words, a bar and every count, read again while it
 * runs (use-send-progress.ts); Cancel while scheduled, Pause while sending, Resume while paused,
 * each saying what happened; then the results. A 409 (another owner, or the send itself, moved
 * on) says the API's words and where the send stands now.
 */
export function SendProgressPanel({
  slug,
  reading,
  onCancelled,
}: {
  slug: string;
  /** useSendProgress of the page (the newsletter switch reads it too). */
  reading: SendProgressReading;
  onCancelled(message: string): void;
}) {
  const { progress, error, refresh, show } = reading;
  const acting = useSubmission();
  const [refreshing, setRefreshing] = useState(false);

  /** Runs an action; a 409 is said with where the send stands now (read again and shown). */
  const act = (action: () => Promise<string>) =>
    void acting.submit(async () => {
      try {
        return await action();
      } catch (failure) {
        if (!(failure instanceof RequestError && failure.status === 409)) throw failure;
        const now = await sendProgressOf(slug);
        show(now);
        throw new RequestError(`${failure.message} Where it stands now: ${stageText(now)}.`, 409);
      }
    });

  const pause = () =>
    act(async () => {
      show(await pauseSend(slug));
      return 'Paused. Nobody else gets it until you press Resume.';
    });
  const resume = () =>
    act(async () => {
      const now = await resumeSend(slug);
      show(now);
      return `Resumed: the ${countText(now.left)} emails left are on their way again.`;
    });
  const cancel = () =>
    act(async () => {
      const { message } = await cancelSend(slug);
      onCancelled(message);
      return message;
    });

  const stage = progress && sendStage(progress);
  const settled = progress ? progress.queued - progress.left : 0;
  return (
    <section className="console-card" aria-labelledby="campaign-send" aria-busy={!progress && !error}>
      <h2 id="campaign-send">The send</h2>
      {!progress && !error && <p role="status">Reading where the send stands…</p>}
      {error && <FormMessage kind="error" text={`Where the send stands could not be read. ${error}`} />}
      {progress && stage && (
        <>
          <p className="console-send__stage">
            <span className={`console-state console-state--${stage}`}>{stageText(progress)}</span>
          </p>
          {progress.startedAt !== undefined && (
            <>
              <label htmlFor="campaign-send-bar" className="console-small">
                {countText(settled)} of {countText(progress.queued)} done
              </label>
              <progress
                id="campaign-send-bar"
                className="console-send__bar"
                max={progress.queued || 1}
                value={settled}
              />
              <dl className="console-send__counts">
                {PROGRESS_COUNTS.map(({ key, label }) => (
                  <div key={key}>
                    <dt>{label}</dt>
                    <dd>{countText(progress[key])}</dd>
                  </div>
                ))}
              </dl>
              {confirmedText(progress) && <p className="console-small">{confirmedText(progress)}</p>}
            </>
          )}
          <div className="console-actions">
            {stage === 'scheduled' && (
              <ConfirmButton
                label="Cancel the send"
                question="Cancel this send? Nobody gets it, and the draft can be changed and sent again."
                confirm="Yes, cancel the send"
                disabled={acting.pending}
                onConfirm={cancel}
              />
            )}
            {(stage === 'starting' || stage === 'sending') && (
              <button type="button" className="button button--secondary" disabled={acting.pending} onClick={pause}>
                Pause the send
              </button>
            )}
            {stage === 'paused' && (
              <button type="button" className="button button--primary" disabled={acting.pending} onClick={resume}>
                Resume the send
              </button>
            )}
            {stage === 'sent' && (
              <button
                type="button"
                className="button button--secondary"
                disabled={refreshing}
                onClick={() => {
                  setRefreshing(true);
                  void refresh().finally(() => setRefreshing(false));
                }}
              >
                {refreshing ? 'Checking…' : 'Check for new results'}
              </button>
            )}
          </div>
          {acting.outcome && <FormMessage kind={acting.outcome.kind} text={acting.outcome.text} />}
          {progress.startedAt !== undefined && <SendResultsTables progress={progress} />}
        </>
      )}
    </section>
  );
}
