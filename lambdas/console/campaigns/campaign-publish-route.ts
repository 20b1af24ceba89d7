import { CAMPAIGN_ROUTES, type CampaignPublished } from '#shared/console/campaigns.ts';
import { archivePagePath } from '#shared/newsletter-archive.ts';
import { requestPublisherRun } from '../../publisher/publisher-trigger';
import { setPublish } from '../../data/campaign-drafts';
import { getCampaign } from '../../data/campaign-sends';
import { Refusal } from '../../domain/refusal';
import { jsonResponse } from '../../http/responses';
import { onFirstUse } from '../../runtime/on-first-use';
import { CAMPAIGN_MESSAGES } from './campaign-messages';
import { campaignSchemas, draftOf, type CampaignRequest } from './campaign-routes';
import { campaignDraft } from './campaign-view';
import { bodyRoute, type ConsoleRoute } from '../kit/router';

/**
 * The publisher's trigger, made at the first switch with the Lambda client (onFirstUse): a
 * function that never switches needs neither, nor the publisher's settings. It is made inside the
 * request, so a failure to make it is answered as a failed request is: logged, and false.
 */
const publisherTrigger = onFirstUse(async () =>
  (await import('../../publisher/lambda-publisher-trigger')).publisherTriggerFromEnv(),
);
const requestRun = (slug: string) => requestPublisherRun(async () => (await publisherTrigger())(), slug);

/**
 * The owner's switch on a campaign sent or scheduled (docs/decisions/0052-newsletter-archive.md):
 * only `publish` of its draft changes (the content that went out stays frozen), audited, then
 * the publisher is asked for a run. The choice is stored before the request, so a failed request
 * loses nothing: the answer says so, and the publisher's next run (a reconciler) follows it.
 */
export const CAMPAIGN_PUBLISH_ROUTES: ConsoleRoute<CampaignRequest>[] = [
  bodyRoute({
    route: CAMPAIGN_ROUTES.publish,
    body: campaignSchemas.bodySchema((schemas) => schemas.campaignPublishSchema),
    handle: async (request, { publish }) => {
      const { slug } = await draftOf(request);
      const sent = await getCampaign(request.stores.campaigns, slug);
      if (!sent) throw new Refusal('conflict', CAMPAIGN_MESSAGES.neverSent(slug));
      const changed = await setPublish(request.stores.campaigns, slug, publish);
      if (!changed) throw new Refusal('not-found', CAMPAIGN_MESSAGES.noSuchCampaign);
      await request.audit({
        action: publish ? 'campaign.publish' : 'campaign.unpublish',
        target: slug,
        summary: publish ? 'Published on the newsletter page' : 'Taken off the newsletter page',
      });
      const requested = await requestRun(slug);
      const choice = publish
        ? CAMPAIGN_MESSAGES.published(slug, archivePagePath(slug), sent.startedAt !== undefined)
        : CAMPAIGN_MESSAGES.unpublished(slug);
      return jsonResponse(200, {
        message: requested ? choice : CAMPAIGN_MESSAGES.pageNotUpdated,
        campaign: campaignDraft(changed, true),
        pageUpdateRequested: requested,
      } satisfies CampaignPublished);
    },
  }),
];
