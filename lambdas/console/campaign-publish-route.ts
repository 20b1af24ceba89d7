import { CAMPAIGN_ROUTES, type CampaignPublished } from '#shared/console-campaigns.ts';
import { archivePagePath } from '#shared/newsletter-archive.ts';
import type { ArchiveTrigger } from '../campaigns/archive/archive-trigger';
import { setPublish } from '../data/campaign-drafts';
import { getCampaign } from '../data/campaign-sends';
import { HttpError } from '../http/http-error';
import { jsonObjectOf } from '../http/json-object';
import { jsonResponse } from '../http/responses';
import { CAMPAIGN_MESSAGES } from './campaign-messages';
import { draftOf, validateCampaign, type CampaignRequest } from './campaign-routes';
import { campaignDraft } from './campaign-view';
import type { ConsoleRoute } from './console-router';

/**
 * Asks for a publisher run with the trigger made at the first switch, so a function that never
 * switches needs no publisher settings to load, nor the Lambda client: it is a chunk of its own
 * (lambda-build.ts).
 */
let trigger: ArchiveTrigger | undefined;
const requestPublisherRun = async (slug: string) => {
  const { archiveTriggerFromEnv, requestArchiveRun } = await import('../campaigns/archive/archive-trigger');
  return requestArchiveRun((trigger ??= archiveTriggerFromEnv()), slug);
};

/**
 * The owner's switch on a campaign sent or scheduled (docs/decisions/0052-newsletter-archive.md):
 * only `publish` of its draft changes (the content that went out stays frozen), audited, then
 * the publisher is asked for a run. The choice is stored before the request, so a failed request
 * loses nothing: the answer says so, and the publisher's next run (a reconciler) follows it.
 */
export const CAMPAIGN_PUBLISH_ROUTES: ConsoleRoute<CampaignRequest>[] = [
  {
    routeKey: CAMPAIGN_ROUTES.publish,
    handle: async (request) => {
      const { publish } = await validateCampaign(
        (schemas) => schemas.campaignPublishSchema,
        jsonObjectOf(request.event),
      );
      const { slug } = await draftOf(request);
      const sent = await getCampaign(request.stores.campaigns, slug);
      if (!sent) throw new HttpError(409, CAMPAIGN_MESSAGES.neverSent(slug));
      const changed = await setPublish(request.stores.campaigns, slug, publish);
      if (!changed) throw new HttpError(404, CAMPAIGN_MESSAGES.noSuchCampaign);
      await request.audit({
        action: publish ? 'campaign.publish' : 'campaign.unpublish',
        target: slug,
        summary: publish ? 'Published on the newsletter page' : 'Taken off the newsletter page',
      });
      const requested = await requestPublisherRun(slug);
      const choice = publish
        ? CAMPAIGN_MESSAGES.published(slug, archivePagePath(slug), sent.startedAt !== undefined)
        : CAMPAIGN_MESSAGES.unpublished(slug);
      return jsonResponse(200, {
        message: requested ? choice : CAMPAIGN_MESSAGES.pageNotUpdated,
        campaign: campaignDraft(changed, true),
        pageUpdateRequested: requested,
      } satisfies CampaignPublished);
    },
  },
];
