import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { LeadSummary } from '#shared/console/leads.ts';
import { searchState } from './inbox-filters';
import { AUDIENCE_NAMES, dayText, FORM_NAMES, isoOf, STATUS_NAMES, whenText } from './lead-words';

/**
 * The leads as a table on a wide screen; at phone width each lead becomes a card whose values
 * carry their column's name (console.css), so nothing scrolls sideways at 390 px. The name
 * opens the lead; `back` is the inbox's query and `q` its search, for the lead page's way back to
 * this view (the search goes in the history entry's state, never in a URL: ./inbox-filters.ts).
 */
export function LeadList({
  leads,
  caption,
  back,
  q,
}: {
  leads: LeadSummary[];
  caption: string;
  back: string;
  q: string | undefined;
}) {
  return (
    <table className="console-table console-leads">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Received</th>
          <th scope="col">Organization</th>
          <th scope="col">Email</th>
          <th scope="col">Form</th>
          <th scope="col">Status</th>
          <th scope="col">Follow up on</th>
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr key={lead.id}>
            <td data-label="Name" className="console-table__wrap console-leads__name">
              <Link to={lead.id} state={{ back, ...searchState(q) }}>
                {lead.name}
              </Link>
            </td>
            <td data-label="Received">
              <time dateTime={isoOf(lead.receivedAt)}>{whenText(lead.receivedAt)}</time>
            </td>
            <td data-label="Organization" className="console-table__wrap">
              {lead.organization || '—'}
            </td>
            <td data-label="Email" className="console-table__wrap">
              {breakableAddress(lead.email)}
            </td>
            <td data-label="Form">
              {FORM_NAMES[lead.form]}, {AUDIENCE_NAMES[lead.audience].toLowerCase()}
            </td>
            <td data-label="Status">
              {STATUS_NAMES[lead.status]}
              {lead.spam && ' (spam)'}
            </td>
            <td data-label="Follow up on">{lead.followUpOn ? dayText(lead.followUpOn) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * An address that may break after its @ and before each dot (<wbr>), where a reader expects it,
 * rather than anywhere in a word; its text is the address as it is.
 */
const breakableAddress = (email: string) =>
  email.split(/(?=\.)|(?<=@)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
