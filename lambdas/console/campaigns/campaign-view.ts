import type { CampaignDraft, CampaignSummary } from '#shared/console/campaigns.ts';
import type { CampaignDraftItem } from '../../data/campaign-drafts';

export const campaignSummary = (draft: CampaignDraftItem, sent: boolean): CampaignSummary => ({
  slug: draft.slug,
  subject: draft.subject,
  topic: draft.topic,
  audience: draft.audience,
  state: sent ? 'sent' : 'draft',
  createdAt: draft.createdAt,
  updatedAt: draft.updatedAt,
  updatedBy: draft.updatedBy,
});

export const campaignDraft = (draft: CampaignDraftItem, sent: boolean): CampaignDraft => ({
  ...campaignSummary(draft, sent),
  preheader: draft.preheader,
  markdown: draft.markdown,
  publish: draft.publish === true,
  version: draft.version,
  ...(draft.importedFrom && { importedFrom: draft.importedFrom }),
});
