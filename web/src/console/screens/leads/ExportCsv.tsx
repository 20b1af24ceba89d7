import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { leadsCsv, type InboxFilters } from './leads-api';

/**
 * "Export CSV" of the view as filtered now: fetched, then handed to the browser as a download
 * (a blob link clicked for the owner), so a refusal is said here instead of saved as a file.
 * The API writes the audit entry.
 */
export function ExportCsv({ filters }: { filters: InboxFilters }) {
  const exporting = useSubmission();
  const download = () =>
    void exporting.submit(async () => {
      const { blob, filename } = await leadsCsv(filters);
      const rows = (await blob.text()).split('\n').length - 1;
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = filename;
      link.click();
      URL.revokeObjectURL(link.href);
      return `Downloaded ${filename}: ${rows === 1 ? '1 lead' : `${rows} leads`}.`;
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
