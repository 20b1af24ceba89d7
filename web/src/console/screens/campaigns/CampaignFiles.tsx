import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CampaignFile } from '#shared/console/campaigns.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { errorText } from '#web/src/lib/api-client.ts';
import { campaignFiles, importCampaignFile } from './campaigns-api';

/**
 * The campaign files that come with this version of the site (web/content/campaigns): each one
 * can become a draft here once; a file the rules refuse says why.
 */
export function CampaignFiles() {
  const navigate = useNavigate();
  const [files, setFiles] = useState<CampaignFile[]>();
  const [error, setError] = useState('');
  const importing = useSubmission();

  useEffect(() => {
    const controller = new AbortController();
    campaignFiles(controller.signal).then(setFiles, (failure: unknown) => {
      if (!controller.signal.aborted) setError(errorText(failure));
    });
    return () => controller.abort();
  }, []);

  const importFile = (slug: string) =>
    void importing.submit(async () => {
      const { message, campaign } = await importCampaignFile(slug);
      void navigate(campaign.slug, { state: { notice: message } });
      return message;
    });

  return (
    <section className="console-card" aria-labelledby="campaign-files">
      <h2 id="campaign-files">Import from the site’s files</h2>
      <p className="console-small">Campaigns written into the website’s files, as this version of the site has them.</p>
      {!files && !error && <p role="status">Loading the files…</p>}
      {error && <FormMessage kind="error" text={error} />}
      {files?.length === 0 && <p>The site has no campaign files.</p>}
      {files && files.length > 0 && (
        <ul className="console-files">
          {files.map((file) => (
            <li key={file.slug}>
              <span>
                <strong>{file.subject ?? file.slug}</strong> <span className="console-small">({file.slug})</span>
              </span>
              {file.problem ? (
                <span className="console-small">Cannot be imported: {file.problem}</span>
              ) : file.imported ? (
                <span className="console-small">Already in the console.</span>
              ) : (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={importing.pending}
                  onClick={() => importFile(file.slug)}
                  aria-label={`Import “${file.subject ?? file.slug}”`}
                >
                  Import
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {importing.outcome?.kind === 'error' && <FormMessage kind="error" text={importing.outcome.text} />}
    </section>
  );
}
