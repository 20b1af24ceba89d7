import { useState } from 'react';
import type { CampaignDraft } from '#shared/console/campaigns.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { RequestError } from '#web/src/lib/api-client.ts';
import { AlbertaTimeFields, useAlbertaTime } from '../../kit/AlbertaTimeFields';
import { ConfirmButton } from '../../kit/ConfirmButton';
import { countText } from '../../kit/when';
import { sendCampaign } from './campaigns-api';
import { CHECK_NAMES } from './PreflightChecklist';
import { albertaTimeText, peopleText } from './send-words';
import { blockingProblems, type PreflightState } from './use-preflight';

type When = 'now' | 'later';

interface SendPanelProps {
  campaign: CampaignDraft;
  preflight: PreflightState;
  unsaved: boolean;
  /** The send was accepted (202) or refused because the campaign moved on (409): the page reads it again. */
  onSent(message: string, kind: 'success' | 'error'): void;
}

const subscribers = (count: number) => `${countText(count)} ${count === 1 ? 'subscriber' : 'subscribers'}`;

/**
 * Sending the saved draft now or at a time on the firm's clock (Alberta), each asked first with
 * the recipient count of the checks. Refused on the screen while a check that blocks a send shows
 * a problem (BLOCKING_CHECKS), while the checks run, and while there are unsaved changes (what
 * goes out is the saved version). The time is sent as an instant (…Z); the API refuses a past one.
 */
export function SendPanel({ campaign, preflight, unsaved, onSent }: SendPanelProps) {
  const [when, setWhen] = useState<When>('now');
  const chosen = useAlbertaTime();
  const sending = useSubmission();
  const { result, checking } = preflight;
  const problems = result ? blockingProblems(result) : [];
  const refusal = unsaved
    ? 'Save your changes first: what goes out is the saved campaign.'
    : checking || !result
      ? 'Waiting for the checks above.'
      : problems.length > 0
        ? `It cannot be sent while ${problems.length === 1 ? 'this check shows' : 'these checks show'} a problem: ${problems.map(({ id }) => CHECK_NAMES[id]).join(', ')}.`
        : '';
  const { at } = chosen;
  const timeProblem = when === 'now' ? '' : chosen.problem;

  const send = () =>
    void sending.submit(async () => {
      try {
        const answer = await sendCampaign(
          campaign.slug,
          campaign.version,
          when === 'later' && at !== undefined ? new Date(at * 1000).toISOString() : undefined,
        );
        onSent(answer.message, 'success');
        return answer.message;
      } catch (failure) {
        if (failure instanceof RequestError && failure.status === 409) onSent(failure.message, 'error');
        throw failure;
      }
    });

  const question =
    when === 'now'
      ? `Send to ${subscribers(result?.recipients ?? 0)} now?`
      : `Send to ${subscribers(result?.recipients ?? 0)} on ${albertaTimeText(at ?? 0)}?`;

  return (
    <section className="console-card" aria-labelledby="campaign-send">
      <h2 id="campaign-send">Send</h2>
      <fieldset className="console-send__when">
        <legend className="form-label">When</legend>
        <label className="console-preview__option">
          <input type="radio" name="send-when" checked={when === 'now'} onChange={() => setWhen('now')} /> Now
        </label>
        <label className="console-preview__option">
          <input type="radio" name="send-when" checked={when === 'later'} onChange={() => setWhen('later')} /> At a date
          and time (Alberta time)
        </label>
      </fieldset>
      {when === 'later' && <AlbertaTimeFields chosen={chosen} />}
      {refusal ? (
        <p className="console-notice">{refusal}</p>
      ) : (
        <p>
          {peopleText(result!.recipients)} can receive it now. Everyone who can receive it when the send starts gets it
          once; nobody who has left by then.
        </p>
      )}
      {!refusal && timeProblem && <p className="console-small">{timeProblem}</p>}
      {!refusal && !timeProblem && (
        <ConfirmButton
          label={when === 'now' ? 'Send now' : 'Schedule the send'}
          question={question}
          confirm={when === 'now' ? 'Yes, send it now' : 'Yes, schedule it'}
          disabled={sending.pending}
          onConfirm={send}
        />
      )}
      {sending.pending && <p role="status">Starting the send…</p>}
      {sending.outcome?.kind === 'error' && <FormMessage kind="error" text={sending.outcome.text} />}
    </section>
  );
}
