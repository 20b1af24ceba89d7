import { useState } from 'react';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { PREVIEW_WIDTHS, PreviewChoice, PreviewFrame, type PreviewWidth } from '../../preview/PreviewFrame';
import { applyEmailStyles, withStylesHeld } from './email-frame-styles';
import type { TypedFields } from './use-campaign-draft';
import { useLivePreview } from './use-live-preview';

type Part = 'html' | 'text';

const PARTS: [Part, string][] = [
  ['html', 'The email as most people see it'],
  ['text', 'The plain-text version'],
];

/**
 * The live preview of what is typed, rendered by the server exactly as the sent email. The HTML
 * is shown in a sandboxed frame (PreviewFrame); the console reaches into it only to apply the
 * email's own inline styles, which its CSP would otherwise refuse, each with an error in the
 * browser's console (email-frame-styles.ts).
 */
export function EmailPreview({
  fields,
  readyText = 'The preview shows what you typed, saved or not.',
  sampleLinks = false,
}: {
  fields: TypedFields;
  /** Said once the preview is shown (a frozen campaign's is the email as it goes out). */
  readyText?: string;
  /** The marked sample's links, never a real subscriber's (a frozen campaign's preview). */
  sampleLinks?: boolean;
}) {
  const state = useLivePreview(fields, sampleLinks);
  const [part, setPart] = useState<Part>('html');
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const preview = 'preview' in state ? state.preview : undefined;

  return (
    <section className="console-card console-preview" aria-labelledby="campaign-preview">
      <h2 id="campaign-preview">Preview</h2>
      <p className="console-small" role="status">
        {state.status === 'waiting' && `The preview appears once the campaign has what it needs. ${state.reason}`}
        {state.status === 'loading' && 'Updating the preview…'}
        {state.status === 'ready' && readyText}
      </p>
      {state.status === 'failed' && (
        <FormMessage kind="error" text={`The preview could not be updated. ${state.error}`} />
      )}
      {preview && (
        <>
          <p
            className={
              preview.recipient.kind === 'subscriber' ? 'console-notice console-notice--warning' : 'console-notice'
            }
          >
            {preview.recipient.description}
            {preview.recipient.kind === 'subscriber' &&
              ' Do not click the links in this preview: a click acts for that person, as if they had clicked in their own email.'}
          </p>
          <div className="console-preview__choices">
            <PreviewChoice<Part> legend="Show" name="preview-part" options={PARTS} value={part} onChange={setPart} />
            {part === 'html' && (
              <PreviewChoice<PreviewWidth>
                legend="Width"
                name="preview-width"
                options={PREVIEW_WIDTHS}
                value={width}
                onChange={setWidth}
              />
            )}
          </div>
          <p className="console-preview__subject">
            <strong>Subject:</strong> {preview.subject}
            {preview.preheader && (
              <>
                <br />
                <strong>Preheader:</strong> {preview.preheader}
              </>
            )}
          </p>
          {part === 'html' ? (
            <PreviewFrame
              title="The email as most people see it"
              html={withStylesHeld(preview.html)}
              width={width}
              onLoad={(event) => {
                const frameDocument = event.currentTarget.contentDocument;
                if (frameDocument) applyEmailStyles(frameDocument);
              }}
            />
          ) : (
            <pre className="console-preview__text" tabIndex={0} aria-label="The plain-text version">
              {preview.text}
            </pre>
          )}
        </>
      )}
    </section>
  );
}
