import { useRef, useState } from 'react';
import { countOf } from '#shared/count-words.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { errorText } from '../../lib/api-client';
import { continueExport, ExportStopped, NOTHING_YET, type AskForPart, type ExportSoFar } from './export-parts';
import { saveDownload } from './save-download';

interface ExportButtonProps {
  /** The button's words, e.g. "Export CSV". */
  label: string;
  /** What a row of the file is, for countOf: "lead", "subscriber". */
  noun: string;
  /** Asks the API for a part of this view's export. */
  ask: AskForPart;
  /** Names the view as filtered now: a stopped export goes on only while the same view is shown. */
  view: string;
}

type Shown =
  | { phase: 'idle' }
  | { phase: 'running'; rows: number }
  | { phase: 'done'; text: string }
  | { phase: 'stopped'; text: string; soFar: ExportSoFar; ask: AskForPart; view: string };

/**
 * A screen's "Export" button. The file comes in parts (./export-parts.ts); meanwhile the button
 * waits and a line says how many rows have come, then the browser saves one file. If a part
 * cannot be had (the connection dropped, the session ended), what came is kept and the button
 * becomes "Continue the export", which goes on from there with the same filters, so an export of
 * any size ends in one whole file. The API writes the audit entry, once, with the last part.
 */
export function ExportButton({ label, noun, ask, view }: ExportButtonProps) {
  const [shown, setShown] = useState<Shown>({ phase: 'idle' });
  // One export at a time: a ref, so a second click before the re-render cannot start another.
  const running = useRef(false);
  const resumable =
    shown.phase === 'stopped' && shown.view === view && shown.soFar.parts.length > 0 ? shown : undefined;

  const start = () => {
    if (running.current) return;
    running.current = true;
    const from = resumable ?? { soFar: NOTHING_YET, ask, view };
    setShown({ phase: 'running', rows: from.soFar.rows });
    continueExport(from.ask, from.soFar, (soFar) => setShown({ phase: 'running', rows: soFar.rows }))
      .then(({ file, rows }) => {
        saveDownload(file);
        setShown({ phase: 'done', text: `Downloaded ${file.filename}: ${countOf(rows, noun)}.` });
      })
      .catch((error: unknown) => {
        const stopped = error instanceof ExportStopped ? error : new ExportStopped(error, from.soFar);
        const reason = errorText(stopped.reason);
        const text =
          stopped.soFar.parts.length === 0
            ? reason
            : `${reason} The file has ${countOf(stopped.soFar.rows, noun)} so far: “Continue the export” goes on from there.`;
        setShown({ phase: 'stopped', text, soFar: stopped.soFar, ask: from.ask, view: from.view });
      })
      .finally(() => {
        running.current = false;
      });
  };

  return (
    <div className="console-export">
      <button type="button" className="button button--secondary" disabled={shown.phase === 'running'} onClick={start}>
        {shown.phase === 'running' ? 'Preparing the file…' : resumable ? 'Continue the export' : label}
      </button>
      {shown.phase === 'running' && shown.rows > 0 && (
        <p role="status">{`${countOf(shown.rows, noun)} so far. Please keep this page open until the file is saved.`}</p>
      )}
      {shown.phase === 'done' && <FormMessage kind="success" text={shown.text} />}
      {shown.phase === 'stopped' && <FormMessage kind="error" text={shown.text} />}
    </div>
  );
}
