import { type CampaignPreview } from '#shared/console/campaigns.ts';
import { CAMPAIGN_SLUG } from '#shared/constants/campaigns.ts';
import { campaignFieldsSchema, type CampaignFields } from '#shared/console/campaigns-schemas.ts';
import { errorText } from '#web/src/lib/api-client.ts';
import { useLiveRender, type PreviewState } from '../../preview/use-live-render';
import { previewCampaign } from './campaigns-api';
import type { TypedFields } from './use-campaign-draft';

/**
 * The email as the server renders it for what is typed, saved or not (use-live-render.ts). Fields
 * the schema refuses are not sent: the preview says what is missing instead. With `sampleLinks`
 * its links are always the marked sample's, never a real subscriber's.
 */
export function useLivePreview(fields: TypedFields, sampleLinks = false): PreviewState<CampaignPreview> {
  const { subject, preheader, topic, audience, markdown } = fields;
  const typed = { subject, preheader, topic, audience, markdown };
  // The links carry the campaign's short name (utm_campaign) once it has a valid one.
  const slug = fields.slug && CAMPAIGN_SLUG.test(fields.slug) ? fields.slug : undefined;
  let valid: CampaignFields | undefined;
  let problem: string | undefined;
  try {
    valid = campaignFieldsSchema.validateSync(typed);
  } catch (error) {
    problem = errorText(error);
  }
  return useLiveRender(JSON.stringify([typed, sampleLinks, slug]), problem, (signal) =>
    previewCampaign(valid!, sampleLinks, slug, signal),
  );
}
