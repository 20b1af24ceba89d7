import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ValidationError } from 'yup';
import { type CampaignChanged, type CampaignDraft } from '#shared/console/campaigns.ts';
import { campaignFieldsSchema, newCampaignSchema } from '#shared/console/campaigns-schemas.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { RequestError } from '#web/src/lib/api-client.ts';
import { ConfirmButton } from '../../kit/ConfirmButton';
import { KEPT_NOTICE } from '../../kit/kept-typing';
import { CampaignFieldset, type FieldErrors, type FieldName } from './CampaignFieldset';
import { createCampaign, deleteCampaign, saveCampaign } from './campaigns-api';
import { EmailPreview } from './EmailPreview';
import { DraftChecksAndSend } from './DraftChecksAndSend';
import { useCampaignDraft, type TypedCampaign } from './use-campaign-draft';

const EMPTY: TypedCampaign['fields'] = { slug: '', subject: '', preheader: '', topic: '', audience: '', markdown: '' };

const storedFields = ({
  subject,
  preheader,
  topic,
  audience,
  markdown,
  publish,
}: CampaignDraft): TypedCampaign['fields'] => ({ subject, preheader, topic, audience, markdown, publish });

interface CampaignEditorProps {
  owner: string;
  /** The stored campaign; none while writing a new one. */
  stored?: CampaignDraft;
  /** Shows a campaign as the API returned it after a save. */
  onStored?(campaign: CampaignDraft): void;
  /** Reads the stored campaign again (after a 409). */
  reload?(): Promise<void>;
  /** A send was started or scheduled (or refused: 409): the page reads the campaign again and says so. */
  onSent?(message: string, kind: 'success' | 'error'): void;
}

/**
 * Writing a campaign: its fields, saved as a whole with the version they were typed on, its live
 * preview, and for a stored one the checks, a test copy and the send. What is typed is kept in the tab
 * until saved (use-campaign-draft.ts); a save that loses to someone else's (409) says so, keeps
 * what was typed and offers to load theirs instead.
 */
export function CampaignEditor({ owner, stored, onStored, reload, onSent }: CampaignEditorProps) {
  const navigate = useNavigate();
  const { kept, keep, forget } = useCampaignDraft(owner, stored?.slug ?? 'new');
  const typed: TypedCampaign = kept ?? { fields: stored ? storedFields(stored) : EMPTY, version: stored?.version };
  const [errors, setErrors] = useState<FieldErrors>({});
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  const saving = useSubmission();
  const deleting = useSubmission();

  const change = (name: FieldName, value: string | boolean) => {
    keep({ ...typed, fields: { ...typed.fields, [name]: value } });
    if (errors[name]) setErrors({ ...errors, [name]: undefined });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(typed.fields, !stored);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setChangedMeanwhile(false);
    await saving.submit(async () => {
      const { slug = '', ...fields } = typed.fields;
      let answer: CampaignChanged;
      try {
        answer = stored
          ? await saveCampaign(stored.slug, campaignFieldsSchema.cast(fields), typed.version ?? stored.version)
          : await createCampaign(newCampaignSchema.cast({ ...fields, slug }));
      } catch (error) {
        if (error instanceof RequestError && error.status === 409 && stored) setChangedMeanwhile(true);
        if (error instanceof RequestError && error.status === 409)
          throw new RequestError(`${error.message} ${KEPT_NOTICE}`, 409);
        throw error;
      }
      forget();
      if (stored) onStored?.(answer.campaign);
      else void navigate(`../${answer.campaign.slug}`, { relative: 'path', state: { notice: answer.message } });
      return answer.message;
    });
  };

  const loadTheirs = async () => {
    forget();
    setChangedMeanwhile(false);
    saving.clearOutcome();
    await reload?.();
  };

  const remove = () =>
    void deleting.submit(async () => {
      const { message } = await deleteCampaign(stored!.slug, stored!.version);
      forget();
      void navigate('..', { relative: 'path', state: { notice: message } });
      return message;
    });

  return (
    <div className="console-campaign">
      <form className="console-card console-campaign__form" onSubmit={(event) => void save(event)} noValidate>
        <h2>{stored ? 'The campaign' : 'Write the campaign'}</h2>
        {kept && (
          <p className="console-small">You have unsaved changes. They are kept on this device until you save.</p>
        )}
        <fieldset className="console-campaign__fields">
          <legend className="visually-hidden">The campaign’s fields</legend>
          <CampaignFieldset fields={typed.fields} errors={errors} askSlug={!stored} onChange={change} />
        </fieldset>
        <div className="console-actions">
          <button type="submit" className="button button--primary" disabled={saving.pending}>
            {saving.pending ? 'Saving…' : stored ? 'Save' : 'Save as a draft'}
          </button>
          {stored && (
            <ConfirmButton
              label="Delete this draft"
              question={`Delete the draft "${stored.slug}"? It cannot be undone.`}
              confirm="Yes, delete it"
              disabled={deleting.pending}
              onConfirm={remove}
            />
          )}
        </div>
        {saving.outcome && <FormMessage kind={saving.outcome.kind} text={saving.outcome.text} />}
        {changedMeanwhile && (
          <button type="button" className="button button--secondary" onClick={() => void loadTheirs()}>
            Load the saved version (replaces what you typed)
          </button>
        )}
        {deleting.outcome?.kind === 'error' && <FormMessage kind="error" text={deleting.outcome.text} />}
      </form>
      {/* A stored draft's short name is not among its typed fields, but its links carry it (utm_campaign). */}
      <EmailPreview fields={stored ? { ...typed.fields, slug: stored.slug } : typed.fields} />
      {stored && <DraftChecksAndSend campaign={stored} owner={owner} unsaved={kept !== undefined} onSent={onSent} />}
    </div>
  );
}

/** The schema's words under each field it refuses (the server checks the same schema again). */
function fieldErrors(fields: TypedCampaign['fields'], isNew: boolean): FieldErrors {
  try {
    (isNew ? newCampaignSchema : campaignFieldsSchema).validateSync(fields, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const found: FieldErrors = {};
    for (const { path, message } of error.inner) found[path as FieldName] ??= message;
    return found;
  }
}
