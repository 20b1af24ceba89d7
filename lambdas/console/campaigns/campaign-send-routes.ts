import { BLOCKING_CHECKS, CAMPAIGN_ROUTES } from '#shared/console/campaigns.ts';
import { CAMPAIGN_SLUG } from '#shared/constants/campaigns.ts';
import { countOf } from '#shared/count-words.ts';
import type { LaunchMessage } from '../../campaigns/campaign-message';
import { sendProgress } from '../../campaigns/send-progress';
import type { SendState, CampaignSendAnswer, SendProgress } from '#shared/console/campaigns.ts';
import { cancelScheduled, moveSendState, scheduleCampaign } from '../../data/campaign-launch';
import { getCampaign } from '../../data/campaign-sends';
import { Refusal } from '../../domain/refusal';
import { jsonResponse } from '../../http/responses';
import * as log from '../../runtime/log';
import { onFirstUse } from '../../runtime/on-first-use';
import { CAMPAIGN_MESSAGES } from './campaign-messages';
import { preflight } from './campaign-preflight';
import { campaignSchemas, changeableDraft, rendered, siteUrl, type CampaignRequest } from './campaign-routes';
import { bodyRoute, type ConsoleRoute } from '../kit/router';

/** A send may be set at most this far ahead. */
const LONGEST_AHEAD_SECONDS = 366 * 86400;
/** A time this little in the past (a slow click) still means now. */
const GRACE_SECONDS = 60;

/** Made on first use, so a function that never sends needs no scheduler settings, nor its Scheduler and SQS clients. */
const launches = onFirstUse(async () => (await import('../../campaigns/launch-starter')).launchStarterFromEnv());

const slugOf = (request: CampaignRequest) => {
  const slug = request.parameters.slug ?? '';
  if (!CAMPAIGN_SLUG.test(slug)) throw new Refusal('not-found', CAMPAIGN_MESSAGES.noSuchCampaign);
  return slug;
};

const peopleText = (count: number) => countOf(count, 'person', 'people');

const whenOf = (launchAt: number) =>
  `on ${new Date(launchAt * 1000).toLocaleString('en-CA', { timeZone: 'America/Edmonton', dateStyle: 'long', timeStyle: 'short' })} (Alberta time)`;

/** Moves a send between states for pause and resume, audited; 409 in words when it is not in `from`. */
const moveState = async (request: CampaignRequest, from: SendState[], to: SendState, refusal: string) => {
  const slug = slugOf(request);
  const item = await moveSendState(request.stores.campaigns, slug, from, to);
  if (!item) {
    if (!(await getCampaign(request.stores.campaigns, slug))) throw new Refusal('not-found', CAMPAIGN_MESSAGES.notSent);
    throw new Refusal('conflict', refusal);
  }
  await request.audit({
    action: `campaign.${to === 'paused' ? 'pause' : 'resume'}`,
    target: slug,
    summary: `Send ${to === 'paused' ? 'paused' : 'resumed'}`,
  });
  return jsonResponse(200, sendProgress(item) satisfies SendProgress);
};

/**
 * Sending from the console (shared/console/campaigns.ts, issue 20 items 4–6): the route only
 * freezes the content and records when to start; the launch (gathering and queueing the
 * recipients) runs on the campaign queue, never inside this API call
 * (lambdas/campaigns/launch-campaign.ts).
 */
export const CAMPAIGN_SEND_ROUTES: ConsoleRoute<CampaignRequest>[] = [
  bodyRoute({
    route: CAMPAIGN_ROUTES.send,
    body: campaignSchemas.bodySchema((schemas) => schemas.campaignSendSchema),
    handle: async (request, { version, at }) => {
      const draft = await changeableDraft(request, version);
      const launchAt = at === undefined ? request.now : Math.floor(Date.parse(at) / 1000);
      if (!(launchAt >= request.now - GRACE_SECONDS && launchAt <= request.now + LONGEST_AHEAD_SECONDS))
        throw new Refusal('invalid', CAMPAIGN_MESSAGES.badTime);
      // The stored draft passes the rules again before it goes out: one stored before a rule (or
      // written around the API) is refused in the rule's words, never sent (a CR/LF subject, say).
      const fields = await campaignSchemas.checked((schemas) => schemas.campaignFieldsSchema, {
        subject: draft.subject,
        preheader: draft.preheader ?? '',
        topic: draft.topic,
        audience: draft.audience,
        markdown: draft.markdown,
      });
      const content = await rendered(draft.slug, fields);
      // The checklist the screen shows, run again here: a send the screen would refuse (or one
      // asked for around it) is refused in the failing checks' words, before anything is stored.
      const checked = await preflight(request.stores, draft, content, {
        owner: request.signedIn.owner,
        siteUrl: siteUrl(),
        now: request.now,
      });
      const failing = checked.checks.filter((check) => !check.ok && BLOCKING_CHECKS.includes(check.id));
      if (failing.length > 0)
        throw new Refusal('conflict', CAMPAIGN_MESSAGES.checksFailed(failing.map((check) => check.summary)));
      const recipients = checked.recipients;
      const launchId = await scheduleCampaign(
        request.stores.campaigns,
        content,
        launchAt,
        recipients,
        request.signedIn.owner,
        request.now,
      );
      if (!launchId) throw new Refusal('conflict', CAMPAIGN_MESSAGES.alreadySent(draft.slug));
      const launch: LaunchMessage = { campaign: draft.slug, launch: true, launchId };
      try {
        const starter = await launches();
        await starter.start(launch, launchAt, request.now);
      } catch (error) {
        // Nothing will start it: taken back, so the owner can press send again.
        await cancelScheduled(request.stores.campaigns, draft.slug);
        log.error('Campaign send could not be started', { campaign: draft.slug, error: (error as Error).name });
        throw new Refusal('unavailable', CAMPAIGN_MESSAGES.couldNotStart);
      }
      const now = launchAt <= request.now;
      const message = now
        ? CAMPAIGN_MESSAGES.sendingNow(draft.slug, recipients)
        : CAMPAIGN_MESSAGES.scheduled(draft.slug, recipients, whenOf(launchAt));
      await request.audit({
        action: now ? 'campaign.send' : 'campaign.schedule',
        target: draft.slug,
        summary: now
          ? `Sent the campaign to ${peopleText(recipients)}`
          : `Scheduled the campaign to go ${whenOf(launchAt)}, to the ${peopleText(recipients)} who can receive it then`,
      });
      return jsonResponse(202, { message, recipients, launchAt } satisfies CampaignSendAnswer);
    },
  }),
  {
    route: CAMPAIGN_ROUTES.progress,
    handle: async (request) => {
      const item = await getCampaign(request.stores.campaigns, slugOf(request));
      if (!item) throw new Refusal('not-found', CAMPAIGN_MESSAGES.notSent);
      return jsonResponse(200, sendProgress(item) satisfies SendProgress);
    },
  },
  {
    route: CAMPAIGN_ROUTES.cancel,
    handle: async (request) => {
      const slug = slugOf(request);
      const cancelled = await cancelScheduled(request.stores.campaigns, slug);
      if (!cancelled) {
        if (!(await getCampaign(request.stores.campaigns, slug)))
          throw new Refusal('not-found', CAMPAIGN_MESSAGES.notSent);
        throw new Refusal('conflict', CAMPAIGN_MESSAGES.tooLateToCancel);
      }
      // The item is gone, so a schedule that still fires launches nothing; deleting it only tidies.
      const { launchId } = cancelled;
      if (launchId)
        await launches()
          .then((starter) => starter.cancel({ campaign: slug, launch: true, launchId }))
          .catch((error: Error) =>
            log.warn('Cancelled send: its schedule was not deleted', { campaign: slug, error: error.name }),
          );
      await request.audit({
        action: 'campaign.cancel',
        target: slug,
        summary: 'Scheduled send cancelled before it started',
      });
      return jsonResponse(200, { message: CAMPAIGN_MESSAGES.cancelled(slug) });
    },
  },
  {
    route: CAMPAIGN_ROUTES.pause,
    handle: (request) => moveState(request, ['launching', 'sending'], 'paused', CAMPAIGN_MESSAGES.notSending),
  },
  {
    route: CAMPAIGN_ROUTES.resume,
    handle: (request) => moveState(request, ['paused'], 'sending', CAMPAIGN_MESSAGES.notPaused),
  },
];
