import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { LeadDetail } from '#shared/console-leads.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { errorText } from '#web/src/lib/api-client.ts';
import { useFocusOnMount } from '../../layout/use-focus-on-mount';
import { useOwner } from '../../use-owner';
import { LeadEmails } from './LeadEmails';
import { searchState, searchTermOf } from './inbox-filters';
import { LeadFollowUp } from './LeadFollowUp';
import { LeadNotes } from './LeadNotes';
import type { LeadSectionProps } from './lead-section';
import { LeadSent } from './LeadSent';
import { leadOf } from './leads-api';
import { STATUS_NAMES, whenText } from './lead-words';

/**
 * A lead's page (the firm's notification email links here): what the visitor sent, the firm's
 * follow-up (status, follow-up date, spam), notes, and the lead's emails. Every change answers
 * with the lead as it now is; a reload after a lost change (409) keeps the page and what was typed.
 */
export function LeadPage() {
  const { id = '' } = useParams();
  const { state } = useLocation();
  const back = (state as { back?: string } | null)?.back ?? '';
  const owner = useOwner();
  const [lead, setLead] = useState<LeadDetail>();
  const [error, setError] = useState('');
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    controller.current?.abort();
    const current = (controller.current = new AbortController());
    try {
      setLead(await leadOf(id, current.signal));
      setError('');
    } catch (failure) {
      if (!current.signal.aborted) setError(errorText(failure));
    }
  }, [id]);

  useEffect(() => {
    void reload();
    return () => controller.current?.abort();
  }, [reload]);

  return (
    <>
      <p className="console-back">
        <Link to={{ pathname: '..', search: back }} state={searchState(searchTermOf(state))} relative="path">
          ← All leads
        </Link>
      </p>
      {!lead && !error && <p role="status">Loading the lead…</p>}
      {error && <FormMessage kind="error" text={error} />}
      {error && !lead && (
        <button type="button" className="button button--secondary" onClick={() => void reload()}>
          Try again
        </button>
      )}
      {lead && <LeadSections key={lead.id} lead={lead} owner={owner} onLead={setLead} reload={reload} />}
    </>
  );
}

function LeadSections({ owner, ...props }: LeadSectionProps & { owner: string }) {
  const { lead } = props;
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {lead.name}
      </h1>
      <p className="console-lede">
        Received {whenText(lead.receivedAt)} · {STATUS_NAMES[lead.status]}
        {lead.spam && ' · marked as spam'}
      </p>
      <div className="console-lead">
        <LeadSent lead={lead} />
        <LeadFollowUp {...props} />
        <LeadNotes {...props} owner={owner} />
        <LeadEmails {...props} />
      </div>
    </>
  );
}
