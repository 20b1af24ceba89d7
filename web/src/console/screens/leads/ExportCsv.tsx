import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { saveDownload } from '../../save-download';
import { leadsCsv, type InboxFilters } from './leads-api';

/**
 * "Export CSV" of the view as filtered now: fetched, then handed to the browser as a download
 * (saveDownload), so a refusal is said here instead of saved as a file. The API writes the audit
 * entry.
 */
export function ExportCsv({ filters }: { filters: InboxFilters }) {
  const exporting = useSubmission();
  const download = () =>
    void exporting.submit(async () => {
      const file = await leadsCsv(filters);
      // The header line, then one line per lead (shared/inert-csv.ts joins them with line breaks).
      const rows = (await file.blob.text()).split('\n').length - 1;
      saveDownload(file);
      return `Downloaded ${file.filename}: ${rows === 1 ? '1 lead' : `${rows} leads`}.`;
    });

  return (
    <div className="console-export">
      <button type="button" className="button button--secondary" disabled={exporting.pending} onClick={download}>
        {exporting.pending ? 'Preparing the file…' : 'Export CSV'}
      </button>
      {exporting.outcome && <FormMessage kind={exporting.outcome.kind} text={exporting.outcome.text} />}
    </div>
  );
}
