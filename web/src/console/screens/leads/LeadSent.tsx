import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LeadDetail } from '#shared/console/leads.ts';
import { personLink } from '../people/person-location';
import { AUDIENCE_NAMES, FORM_NAMES, isoOf, whenText } from './lead-words';

const MARKETING: Record<LeadDetail['marketingEmail'], string> = {
  'not asked': 'Not asked for',
  asked: 'Asked for, not confirmed yet',
  confirmed: 'Asked for and confirmed',
};

/** Everything the visitor sent, and when, as they sent it (the API removed control characters). */
export function LeadSent({ lead }: { lead: LeadDetail }) {
  const rows: [string, ReactNode][] = [
    ['Received', <time dateTime={isoOf(lead.receivedAt)}>{whenText(lead.receivedAt)}</time>],
    ['Form', `${FORM_NAMES[lead.form]} (${AUDIENCE_NAMES[lead.audience].toLowerCase()})`],
    ['First name', lead.firstName],
    ['Last name', lead.lastName],
    ['Email', <a href={`mailto:${lead.email}`}>{lead.email}</a>],
    ['Job title', lead.jobTitle || '—'],
    ['Organization', lead.organization || '—'],
    ['Marketing email', MARKETING[lead.marketingEmail]],
    // The person's page, without retyping the address (it travels in the link's state, not the URL).
    ['Consent record', <Link {...personLink(lead.email)}>Their consent, subscriptions and emails</Link>],
  ];
  return (
    <section className="console-card" aria-labelledby="lead-sent">
      <h2 id="lead-sent">What they sent</h2>
      <dl className="console-facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>Their message</h3>
      {lead.message ? <p className="console-message">{lead.message}</p> : <p>They wrote no message.</p>}
    </section>
  );
}
