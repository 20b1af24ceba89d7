import { useState, type FormEvent } from 'react';
import { NEXT_STATUSES } from '#shared/console/leads.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { ConfirmButton } from '../../kit/ConfirmButton';
import type { LeadSectionProps } from './lead-section';
import { markSpam, moveLead, setFollowUp } from './leads-api';
import { dayText, isoOf, STATUS_NAMES, whenText } from './lead-words';
import { useLeadChange } from './use-lead-change';

/**
 * The firm's follow-up of a lead: its status, moved one step at a time (NEXT_STATUSES; closing
 * cannot be undone, so it asks first) with who moved it when; the follow-up date; spam or not.
 * Each change is sent with the version of the lead shown (LeadDetail.version).
 */
export function LeadFollowUp(props: LeadSectionProps) {
  return (
    <section className="console-card" aria-labelledby="lead-follow-up">
      <h2 id="lead-follow-up">Follow-up</h2>
      <LeadStatus {...props} />
      <FollowUpDate {...props} />
      <SpamMark {...props} />
    </section>
  );
}

function LeadStatus({ lead, onLead, reload }: LeadSectionProps) {
  const moving = useLeadChange(onLead, reload);
  const next = NEXT_STATUSES[lead.status];
  const move = (to: (typeof next)[number]) => void moving.change(() => moveLead(lead.id, to, lead.version));
  return (
    <>
      <h3>Status: {STATUS_NAMES[lead.status]}</h3>
      {next.length === 0 ? (
        <p>A closed lead stays closed. If they come back, their new form is a new lead.</p>
      ) : (
        <div className="console-actions">
          {next.map((to) =>
            to === 'closed' ? (
              <ConfirmButton
                key={to}
                label="Close the lead"
                question="Close this lead? A closed lead cannot be reopened."
                confirm="Yes, close it"
                disabled={moving.pending}
                onConfirm={() => move(to)}
              />
            ) : (
              <button
                key={to}
                type="button"
                className="button button--primary"
                disabled={moving.pending}
                onClick={() => move(to)}
              >
                Move to {STATUS_NAMES[to].toLowerCase()}
              </button>
            ),
          )}
        </div>
      )}
      {moving.outcome && <FormMessage kind={moving.outcome.kind} text={moving.outcome.text} />}
      {lead.statusHistory.length > 0 && (
        <>
          <h4>History</h4>
          <ol className="console-history" reversed>
            {[...lead.statusHistory].reverse().map((change) => (
              <li key={`${change.at}-${change.to}`}>
                {STATUS_NAMES[change.from]} → {STATUS_NAMES[change.to]}, by {change.by},{' '}
                <time dateTime={isoOf(change.at)}>{whenText(change.at)}</time>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}

function FollowUpDate({ lead, onLead, reload }: LeadSectionProps) {
  // What the owner typed stays when the lead is reloaded under it (a 409); a saved date replaces it.
  const [day, setDay] = useState(lead.followUpOn ?? '');
  const saving = useLeadChange((changed) => {
    onLead(changed);
    setDay(changed.followUpOn ?? '');
  }, reload);
  const save = (event: FormEvent) => {
    event.preventDefault();
    void saving.change(() => setFollowUp(lead.id, day || null, lead.version));
  };
  return (
    <form className="console-follow-up" onSubmit={save} aria-labelledby="lead-follow-up-date">
      <h3 id="lead-follow-up-date">Follow up on: {lead.followUpOn ? dayText(lead.followUpOn) : 'no date set'}</h3>
      <div className="form-field">
        <label className="form-label" htmlFor="lead-follow-up-on">
          Follow-up date <span className="form-label-note">(an Alberta day; past it, the lead is overdue)</span>
        </label>
        <input
          id="lead-follow-up-on"
          type="date"
          className="form-control"
          value={day}
          onChange={(event) => setDay(event.target.value)}
        />
      </div>
      <div className="console-actions">
        <button type="submit" className="button button--primary" disabled={saving.pending || !day}>
          Save the date
        </button>
        {lead.followUpOn && (
          <button
            type="button"
            className="button button--secondary"
            disabled={saving.pending}
            onClick={() => void saving.change(() => setFollowUp(lead.id, null, lead.version))}
          >
            Clear the date
          </button>
        )}
      </div>
      {saving.outcome && <FormMessage kind={saving.outcome.kind} text={saving.outcome.text} />}
    </form>
  );
}

function SpamMark({ lead, onLead, reload }: LeadSectionProps) {
  const marking = useLeadChange(onLead, reload);
  return (
    <>
      <h3>Spam</h3>
      <p>
        {lead.spam
          ? 'Marked as spam: it is kept for the record, out of the inbox, under Spam.'
          : 'Spam is kept for the record but leaves the inbox.'}
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={marking.pending}
        onClick={() => void marking.change(() => markSpam(lead.id, !lead.spam, lead.version))}
      >
        {lead.spam ? 'Not spam' : 'Mark as spam'}
      </button>
      {marking.outcome && <FormMessage kind={marking.outcome.kind} text={marking.outcome.text} />}
    </>
  );
}
