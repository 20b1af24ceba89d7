import type { LeadEmail } from '#shared/console/leads.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { ConfirmButton } from '../../kit/ConfirmButton';
import { sendAgain } from './leads-api';
import type { LeadSectionProps } from './lead-section';
import { EMAIL_NAMES, isoOf, whenText } from './lead-words';
import { useLeadChange } from './use-lead-change';

/**
 * The lead's emails, each with where it stands (sent / waiting / in doubt / failed / not sent)
 * and why, what Amazon SES reported of its delivery, and "Send again" where the API allows it
 * (failed, or held): it asks first, then shows the API's answer. The API keeps at most once.
 */
export function LeadEmails({ lead, onLead, reload }: LeadSectionProps) {
  return (
    <section className="console-card" aria-labelledby="lead-emails">
      <h2 id="lead-emails">Emails</h2>
      {lead.emails.length === 0 ? (
        <p>This lead has no emails.</p>
      ) : (
        <ul className="console-emails">
          {lead.emails.map((email) => (
            <EmailState key={email.part} email={email} leadId={lead.id} onLead={onLead} reload={reload} />
          ))}
        </ul>
      )}
    </section>
  );
}

function EmailState({
  email,
  leadId,
  onLead,
  reload,
}: { email: LeadEmail; leadId: string } & Omit<LeadSectionProps, 'lead'>) {
  const resending = useLeadChange(onLead, reload);
  const name = EMAIL_NAMES[email.part];
  return (
    <li>
      <h3>{name}</h3>
      <p>
        <span className={`console-state console-state--${email.state.replace(' ', '-')}`}>{email.state}</span>
        {email.reason && <> {email.reason}</>}
      </p>
      {email.delivery && (
        <p>
          Amazon SES reported: {email.delivery.outcome}
          {email.delivery.detail && ` (${email.delivery.detail})`},{' '}
          <time dateTime={isoOf(email.delivery.at)}>{whenText(email.delivery.at)}</time>
        </p>
      )}
      {email.canResend && (
        <ConfirmButton
          label="Send again"
          question={`Send the “${name.toLowerCase()}” again?`}
          confirm="Yes, send it again"
          disabled={resending.pending}
          onConfirm={() => void resending.change(() => sendAgain(leadId, email.part))}
        />
      )}
      {resending.outcome && <FormMessage kind={resending.outcome.kind} text={resending.outcome.text} />}
    </li>
  );
}
