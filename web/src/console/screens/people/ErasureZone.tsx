import { useId, useState } from 'react';
import type { ErasureAnswer } from '#shared/console/people.ts';
import { countOf } from '#shared/count-words.ts';
import { FIELD_MAX } from '#shared/constants/limits.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { erasePerson } from './people-api';

/**
 * Whether the address typed to confirm is the one on the page. The API compares the two again,
 * as canonical mailboxes (a mismatch erases nothing); here the button stays off until they are
 * the same address as written, so the erasure is never one stray click.
 */
export const typedAddressMatches = (email: string, typed: string) =>
  typed.trim().toLowerCase() === email.trim().toLowerCase();

/** The API's answer (it says what is kept), with what was deleted counted. */
const erasedText = ({ message, erased }: ErasureAnswer) =>
  `${message} Deleted: ${countOf(erased.leads, 'message')} sent to the firm, ${countOf(erased.subscriptions, 'subscription')}, ${countOf(erased.consentRecords, 'consent record')}, ${countOf(erased.campaignEmails, 'campaign email record')}.`;

/**
 * Erase on request (PIPEDA, Alberta PIPA), apart from everything else on the page: what is
 * deleted and what is kept (docs/decisions/0072-erasure.md), the address typed again, then one
 * button that says what it does.
 */
export function ErasureZone({
  email,
  holdsAnything,
  onDone,
}: {
  email: string;
  holdsAnything: boolean;
  onDone: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const erasure = useSubmission();
  const matches = typedAddressMatches(email, typed);

  return (
    <section className="console-danger" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Erase this person on request</h3>
      {erasure.outcome && <FormMessage kind={erasure.outcome.kind} text={erasure.outcome.text} />}
      {!holdsAnything && erasure.outcome?.kind !== 'success' && <p>Nothing about this address is left to erase.</p>}
      {holdsAnything && (
        <>
          <p>When a person asks the firm to delete what it holds about them (privacy law), this:</p>
          <ul>
            <li>
              <strong>deletes</strong> every message they sent, their subscriptions, their consent records and the
              records of campaign emails to them;
            </li>
            <li>
              <strong>keeps</strong> a one-way code of the address, for good, so it is never emailed again (the address
              itself cannot be read back from it);
            </li>
            <li>
              <strong>keeps</strong>, only if emails were already sent to them, the proof of their consent and the list
              of those emails, without name or address, for three years after the last one (anti-spam law asks the firm
              to prove consent for what it sent).
            </li>
          </ul>
          <p>It cannot be undone. Copies already downloaded (exports, evidence) are not reached.</p>
          <div className="form-field">
            <label htmlFor={`${id}-confirm`} className="form-label">
              Type the address again to confirm
            </label>
            <input
              id={`${id}-confirm`}
              className="form-control"
              type="email"
              autoComplete="off"
              maxLength={FIELD_MAX.email}
              value={typed}
              aria-describedby={`${id}-hint`}
              onChange={(event) => setTyped(event.target.value)}
            />
            <p id={`${id}-hint`} className="console-small">
              {matches ? 'The addresses match.' : `The button works once you have typed ${email} exactly.`}
            </p>
          </div>
          <button
            type="button"
            className="button console-danger__button"
            disabled={!matches || erasure.pending}
            onClick={() =>
              void erasure
                .submit(async () => erasedText(await erasePerson(email, typed)))
                .then((result) => {
                  if (result !== 'succeeded') return;
                  setTyped('');
                  onDone();
                })
            }
          >
            {erasure.pending ? 'Erasing…' : 'Erase everything about this person'}
          </button>
        </>
      )}
    </section>
  );
}
