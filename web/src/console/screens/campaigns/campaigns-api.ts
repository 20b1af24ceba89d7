import { callOf, type Route } from '#shared/route-key.ts';
import type { Page } from '#shared/console/common.ts';
import {
  CAMPAIGN_ROUTES,
  type CampaignChanged,
  type CampaignDraft,
  type CampaignFile,
  type CampaignPreview,
  type CampaignPublished,
  type CampaignSummary,
  type CampaignSendAnswer,
  type Preflight,
  type SendProgress,
} from '#shared/console/campaigns.ts';
import { type CampaignFields, type NewCampaign } from '#shared/console/campaigns-schemas.ts';
import { consoleRequest } from '../../client/console-client';

/** The campaigns routes (shared/console/campaigns.ts), one function each. */

const forSlug = (route: Route, slug: string) => callOf(route, { slug });

export const campaignList = (signal?: AbortSignal) =>
  consoleRequest<Page<CampaignSummary>>(CAMPAIGN_ROUTES.list, { signal });

export const campaignOf = (slug: string, signal?: AbortSignal) =>
  consoleRequest<CampaignDraft>(forSlug(CAMPAIGN_ROUTES.get, slug), { signal });

export const createCampaign = (campaign: NewCampaign) =>
  consoleRequest<CampaignChanged>(CAMPAIGN_ROUTES.create, { body: campaign });

/** A save names the version it was typed on: 409 when someone saved another since. */
export const saveCampaign = (slug: string, fields: CampaignFields, version: number) =>
  consoleRequest<CampaignChanged>(forSlug(CAMPAIGN_ROUTES.update, slug), { body: { ...fields, version } });

export const deleteCampaign = (slug: string, version: number) =>
  consoleRequest<{ message: string }>(forSlug(CAMPAIGN_ROUTES.delete, slug), { body: { version } });

export const campaignFiles = (signal?: AbortSignal) =>
  consoleRequest<CampaignFile[]>(CAMPAIGN_ROUTES.files, { signal });

export const importCampaignFile = (slug: string) =>
  consoleRequest<CampaignChanged>(forSlug(CAMPAIGN_ROUTES.importFile, slug));

/** What is typed, saved or not, rendered by the code that renders the sent email. */
/** `slug`: the campaign's short name once it has a valid one, so the links are tagged as the sent email's. */
export const previewCampaign = (fields: CampaignFields, sampleLinks: boolean, slug?: string, signal?: AbortSignal) =>
  consoleRequest<CampaignPreview>(CAMPAIGN_ROUTES.preview, {
    body: { ...fields, sampleLinks, ...(slug && { slug }) },
    signal,
  });

/** The checks of the stored draft (not of unsaved typing). */
export const preflightOf = (slug: string, signal?: AbortSignal) =>
  consoleRequest<Preflight>(forSlug(CAMPAIGN_ROUTES.preflight, slug), { signal });

export const sendTestCopy = (slug: string) =>
  consoleRequest<{ message: string }>(forSlug(CAMPAIGN_ROUTES.testSend, slug));

/** Sends the stored draft of `version` now, or at `at` (ISO 8601): 409 when it changed or was sent meanwhile. */
export const sendCampaign = (slug: string, version: number, at?: string) =>
  consoleRequest<CampaignSendAnswer>(forSlug(CAMPAIGN_ROUTES.send, slug), { body: { version, ...(at && { at }) } });

/** `background`: a re-read on the page's own timer, which does not keep the session alive. */
export const sendProgressOf = (slug: string, signal?: AbortSignal, background = false) =>
  consoleRequest<SendProgress>(forSlug(CAMPAIGN_ROUTES.progress, slug), { signal, background });

export const cancelSend = (slug: string) => consoleRequest<{ message: string }>(forSlug(CAMPAIGN_ROUTES.cancel, slug));

export const pauseSend = (slug: string) => consoleRequest<SendProgress>(forSlug(CAMPAIGN_ROUTES.pause, slug));

export const resumeSend = (slug: string) => consoleRequest<SendProgress>(forSlug(CAMPAIGN_ROUTES.resume, slug));

/** Only whether a sent or scheduled campaign is on the site's newsletter page: 409 for a draft never sent. */
export const publishCampaign = (slug: string, publish: boolean) =>
  consoleRequest<CampaignPublished>(forSlug(CAMPAIGN_ROUTES.publish, slug), { body: { publish } });
