import { useId, useState } from 'react';
import type { CampaignDraft } from '#shared/console/campaigns.ts';
import { archivePagePath } from '#shared/newsletter-archive.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { errorText, RequestError } from '#web/src/lib/api-client.ts';
import { publishCampaign } from './campaigns-api';

export const SWITCH_LABEL = "Show it on the site's newsletter page";

type Outcome = { kind: 'success' | 'error'; text: string; askAgain?: boolean };

/**
 * The owner's switch on a campaign sent or scheduled: on or off the site's newsletter page
 * (docs/decisions/0052-newsletter-archive.md). Each click is saved at once and the API's words
 * say what happens next; the box shows the stored choice, the asked one while it is saved. When
 * the choice was saved but the site could not be asked to update, that is said (as a problem,
 * since the page does not follow yet) with a button to ask again.
 */
export function NewsletterPageSwitch({
  campaign,
  started,
  onChanged,
}: {
  campaign: CampaignDraft;
  /** Whether the send has started (its recipients queued): the page exists only then. Undefined until read. */
  started: boolean | undefined;
  onChanged(campaign: CampaignDraft): void;
}) {
  const id = useId();
  const [asked, setAsked] = useState<boolean>();
  const [outcome, setOutcome] = useState<Outcome>();
  const saving = asked !== undefined;
  const page = archivePagePath(campaign.slug);

  const save = async (publish: boolean) => {
    if (saving) return;
    setAsked(publish);
    setOutcome(undefined);
    try {
      const answer = await publishCampaign(campaign.slug, publish);
      onChanged(answer.campaign);
      setOutcome(
        answer.pageUpdateRequested
          ? { kind: 'success', text: answer.message }
          : { kind: 'error', text: answer.message, askAgain: true },
      );
    } catch (failure) {
      // A refusal (4xx) stores nothing; a failure past that point may have saved the choice first.
      const refused = failure instanceof RequestError && failure.status !== undefined && failure.status < 500;
      setOutcome({
        kind: 'error',
        text: refused
          ? `Nothing was changed. ${errorText(failure)}`
          : `Your choice may or may not have been saved. ${errorText(failure)} Reload the page to see the choice as it is stored.`,
      });
    } finally {
      setAsked(undefined);
    }
  };

  return (
    <section className="console-card" aria-labelledby={`${id}-heading`} aria-busy={saving}>
      <h2 id={`${id}-heading`}>The site&apos;s newsletter page</h2>
      <p>
        {!campaign.publish ? (
          'Not on the site.'
        ) : started ? (
          <>
            On the site: <a href={page}>{page}</a>
          </>
        ) : started === false ? (
          `On the site once its send starts: ${page}`
        ) : (
          `Chosen for the site: ${page}`
        )}
      </p>
      <div className="form-check">
        <input
          id={id}
          type="checkbox"
          className="form-check-input"
          checked={asked ?? campaign.publish}
          disabled={saving}
          onChange={(event) => void save(event.target.checked)}
        />
        <label htmlFor={id} className="form-check-label">
          {SWITCH_LABEL}
        </label>
      </div>
      {saving && <p role="status">Saving your choice…</p>}
      {outcome && <FormMessage kind={outcome.kind} text={outcome.text} />}
      {outcome?.askAgain && (
        <div className="console-actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={saving}
            onClick={() => void save(campaign.publish)}
          >
            Ask the site again
          </button>
        </div>
      )}
    </section>
  );
}
