import { useEffect, useState } from 'react';
import { type CampaignPreview } from '#shared/console-campaigns.ts';
import { campaignFieldsSchema, type CampaignFields } from '#shared/schemas/console-campaigns.ts';
import { errorText } from '#web/src/lib/api-client.ts';
import { previewCampaign } from './campaigns-api';
import type { TypedFields } from './use-campaign-draft';

/** How long the owner pauses typing before the preview is asked for (each call reads the list). */
export const PREVIEW_PAUSE_MS = 700;

export type PreviewState =
  | { status: 'waiting'; reason: string }
  | { status: 'loading'; preview?: CampaignPreview }
  | { status: 'ready'; preview: CampaignPreview }
  | { status: 'failed'; error: string; preview?: CampaignPreview };

/**
 * The email as the server renders it for what is typed, saved or not: asked for once the owner
 * has paused typing, the previous request cancelled when they type again, so the preview never
 * shows an older text after a newer one. While a new one loads the last one stays on screen.
 * Fields the schema refuses are not sent: the preview says what is missing instead. With
 * `sampleLinks` its links are always the marked sample's, never a real subscriber's.
 */
export function useLivePreview(fields: TypedFields, sampleLinks = false): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'waiting', reason: '' });
  const { subject, preheader, topic, audience, markdown } = fields;

  useEffect(() => {
    const typed = { subject, preheader, topic, audience, markdown };
    let valid: CampaignFields;
    try {
      valid = campaignFieldsSchema.validateSync(typed);
    } catch (error) {
      setState({ status: 'waiting', reason: errorText(error) });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((current) => ({ status: 'loading', preview: 'preview' in current ? current.preview : undefined }));
      previewCampaign(valid, sampleLinks, controller.signal).then(
        (preview) => setState({ status: 'ready', preview }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState((current) => ({
            status: 'failed',
            error: errorText(error),
            preview: 'preview' in current ? current.preview : undefined,
          }));
        },
      );
    }, PREVIEW_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [subject, preheader, topic, audience, markdown, sampleLinks]);

  return state;
}
