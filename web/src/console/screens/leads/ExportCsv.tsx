import { ExportButton } from '../../export/ExportButton';
import { leadsCsvPart, type InboxFilters } from './leads-api';

/**
 * "Export CSV" of the view as filtered now: every lead of it in one file, however many, fetched in
 * parts and saved by the browser (../../export/ExportButton.tsx). The API writes the audit entry.
 */
export function ExportCsv({ filters }: { filters: InboxFilters }) {
  return (
    <ExportButton
      label="Export CSV"
      noun="lead"
      view={JSON.stringify(filters)}
      ask={(cursor) => leadsCsvPart(filters, cursor)}
    />
  );
}
