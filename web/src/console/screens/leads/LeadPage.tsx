import { useCallback } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { LeadDetail } from '#shared/console/leads.ts';
import { useFocusOnMount } from '../../layout/use-focus-on-mount';
import { LoadState } from '../../loading/LoadState';
import { useLoaded } from '../../loading/use-loaded';
import { useOwner } from '../../session/use-owner';
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
  const load = useCallback((signal: AbortSignal) => leadOf(id, signal), [id]);
  const { value: lead, setValue: setLead, error, reload } = useLoaded<LeadDetail>(load);

  return (
    <>
      <p className="console-back">
        <Link to={{ pathname: '..', search: back }} state={searchState(searchTermOf(state))} relative="path">
          ← All leads
        </Link>
      </p>
      <LoadState loaded={!!lead} error={error} loadingText="Loading the lead…" reload={reload} />
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
