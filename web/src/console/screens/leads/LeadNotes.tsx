import type { FormEvent } from 'react';
import { NOTE_MAX } from '#shared/console/leads.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { addNote } from './leads-api';
import type { LeadSectionProps } from './lead-section';
import { isoOf, whenText } from './lead-words';
import { useLeadChange } from './use-lead-change';
import { useNoteDraft } from './use-note-draft';

/**
 * The owners' notes on a lead, oldest first, and a new one. What is being typed is never lost: it
 * is kept in the tab (use-note-draft.ts) across a reload or a sign-in, and only cleared once the
 * API has saved it.
 */
export function LeadNotes({ lead, onLead, reload, owner }: LeadSectionProps & { owner: string }) {
  const [draft, setDraft] = useNoteDraft(owner, lead.id);
  const saving = useLeadChange((changed) => {
    onLead(changed);
    setDraft('');
  }, reload);
  const save = (event: FormEvent) => {
    event.preventDefault();
    void saving.change(() => addNote(lead.id, draft));
  };

  return (
    <section className="console-card" aria-labelledby="lead-notes">
      <h2 id="lead-notes">Notes</h2>
      {lead.notes.length === 0 ? (
        <p>No notes yet.</p>
      ) : (
        <ol className="console-notes" aria-label="Notes so far, oldest first">
          {lead.notes.map((note) => (
            <li key={`${note.at}-${note.by}`}>
              <p className="console-notes__by">
                {note.by}, <time dateTime={isoOf(note.at)}>{whenText(note.at)}</time>
              </p>
              <p className="console-message">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={save}>
        <div className="form-field">
          <label className="form-label" htmlFor="lead-new-note">
            New note <span className="form-label-note">(kept on this device until you save it)</span>
          </label>
          <textarea
            id="lead-new-note"
            className="form-control"
            rows={4}
            maxLength={NOTE_MAX}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={saving.pending || !draft.trim()}>
          {saving.pending ? 'Saving…' : 'Save the note'}
        </button>
        {saving.outcome && <FormMessage kind={saving.outcome.kind} text={saving.outcome.text} />}
      </form>
    </section>
  );
}
