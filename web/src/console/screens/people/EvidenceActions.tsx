import { Link } from 'react-router-dom';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { personLink } from './person-location';
import { saveDownload } from '../../export/save-download';
import { evidenceFile } from './people-api';

/**
 * The evidence pack for a CRTC request: the JSON file (everything, machine-readable) and the
 * printable page (the same, on paper). Each is in the audit log, in words of its own
 * (lambdas/console/people/person-routes.ts).
 */
export function EvidenceActions({ email }: { email: string }) {
  const download = useSubmission();
  const { state } = personLink(email);
  return (
    <section className="console-card" aria-labelledby="evidence-heading">
      <h3 id="evidence-heading">Evidence of consent</h3>
      <p>
        For a complaint or a request from the CRTC: everything above, with the firm&apos;s identification and the time
        it was made. Both are recorded in the audit log.
      </p>
      <div className="console-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={download.pending}
          onClick={() =>
            void download.submit(async () => {
              const file = await evidenceFile(email);
              saveDownload(file);
              return `Downloaded ${file.filename}.`;
            })
          }
        >
          {download.pending ? 'Preparing the file…' : 'Download the evidence (JSON)'}
        </button>
        <Link className="button button--secondary" to="evidence" state={state}>
          Open the printable page
        </Link>
      </div>
      {download.outcome && <FormMessage kind={download.outcome.kind} text={download.outcome.text} />}
    </section>
  );
}
