import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { ErasedRecord } from './ErasedRecord';
import { ErasureZone } from './ErasureZone';
import { EvidenceActions } from './EvidenceActions';
import { PersonSummary } from './PersonSummary';
import { PersonTimeline } from './PersonTimeline';
import { personTimeline } from './person-timeline';
import { UnsubscribeForm } from './UnsubscribeForm';
import { usePersonRecord } from './use-person-record';

/**
 * One person's page: who they are to the firm now, their whole history in time order, what an
 * erasure kept, and the three actions (evidence, unsubscribe, erasure), each in its own section.
 */
export function PersonPage({ email }: { email: string }) {
  const { state, reload } = usePersonRecord(email);
  const { record } = state;

  return (
    <section className="console-person" aria-labelledby="person-heading">
      <h2 id="person-heading" className="console-table__wrap">
        {email}
      </h2>
      {state.status === 'loading' && (
        <p role="status">{record ? 'Updating the record…' : 'Looking up everything held about this address…'}</p>
      )}
      {state.status === 'failed' && (
        <>
          <FormMessage kind="error" text={state.error} />
          <button type="button" className="button button--secondary" onClick={() => void reload()}>
            Try again
          </button>
        </>
      )}
      {record && (
        <>
          <PersonSummary record={record} />
          <PersonTimeline title="History, oldest first" entries={personTimeline(record)} />
          {record.erasure && <ErasedRecord erasure={record.erasure} />}
          <EvidenceActions email={email} />
          {record.subscriptions.length > 0 && <UnsubscribeForm email={email} onDone={reload} />}
          <ErasureZone email={email} holdsAnything={holdsAnything(record)} onDone={reload} />
        </>
      )}
    </section>
  );
}

/** Whether an erasure would delete anything (after one, only the suppression and kept proof remain). */
const holdsAnything = (record: { leads: unknown[]; subscriptions: unknown[]; campaignEmails: unknown[] }) =>
  record.leads.length + record.subscriptions.length + record.campaignEmails.length > 0;
