import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { EvidencePack } from '#shared/console/people.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { errorText } from '#web/src/lib/api-client.ts';
import { PEOPLE_PATH, personEmailOf, personLink } from './person-location';
import { whenText } from '../../kit/when';
import { ErasedRecord } from './ErasedRecord';
import { evidencePack } from './people-api';
import { PersonSummary } from './PersonSummary';
import { PersonTimeline } from './PersonTimeline';
import { personTimeline } from './person-timeline';

/**
 * The evidence pack on paper: who sends (the firm's name, mailing address, website and contact,
 * as CASL asks of a sender), when and by whom it was made, then the person's record. The print
 * stylesheet (console.css) leaves out the console's frame and buttons.
 */
export function EvidencePrintPage() {
  const email = personEmailOf(useLocation().state);
  const [pack, setPack] = useState<EvidencePack | undefined>();
  const [error, setError] = useState('');

  useEffect(() => {
    if (!email) return;
    const controller = new AbortController();
    evidencePack(email, controller.signal).then(setPack, (failure: unknown) => {
      if (!controller.signal.aborted) setError(errorText(failure));
    });
    return () => controller.abort();
  }, [email]);

  if (!email)
    return (
      <>
        <h1>Consent evidence</h1>
        <p>
          This page shows one person&apos;s evidence, and the address is not kept in the page&apos;s link.{' '}
          <Link to={PEOPLE_PATH}>Find the person in People</Link>, then open their printable page again.
        </p>
      </>
    );

  return (
    <article className="console-evidence">
      <p className="console-no-print">
        <Link {...personLink(email)}>Back to the person&apos;s page</Link>
      </p>
      <h1>Consent evidence</h1>
      {!pack && !error && <p role="status">Preparing the evidence…</p>}
      {error && <FormMessage kind="error" text={error} />}
      {pack && (
        <>
          <button type="button" className="button button--primary console-no-print" onClick={() => window.print()}>
            Print this page
          </button>
          <dl className="console-details console-evidence__about">
            <div>
              <dt>Sender</dt>
              <dd>{pack.sender.name}</dd>
            </div>
            <div>
              <dt>Mailing address</dt>
              <dd>{pack.sender.mailingAddress}</dd>
            </div>
            <div>
              <dt>Website</dt>
              <dd>{pack.sender.website}</dd>
            </div>
            <div>
              <dt>Contact</dt>
              <dd>{pack.sender.contactEmail}</dd>
            </div>
            <div>
              <dt>About the address</dt>
              <dd className="console-table__wrap">{email}</dd>
            </div>
            <div>
              <dt>Generated</dt>
              <dd>
                {whenText(pack.generatedAt)} by {pack.generatedBy}
              </dd>
            </div>
          </dl>
          <PersonSummary record={pack} />
          <PersonTimeline title="History, oldest first" entries={personTimeline(pack)} />
          {pack.erasure && <ErasedRecord erasure={pack.erasure} />}
        </>
      )}
    </article>
  );
}
