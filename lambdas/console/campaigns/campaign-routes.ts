import {
  CAMPAIGN_BODY_MAX_BYTES,
  CAMPAIGN_ROUTES,
  TEST_SENDS_PER_HOUR,
  type CampaignChanged,
  type CampaignFile,
  type CampaignPreview,
  type CampaignSummary,
} from '#shared/console/campaigns.ts';
import type { CampaignFields } from '#shared/console/campaigns-schemas.ts';
import type { Page } from '#shared/console/common.ts';
import { CAMPAIGN_SLUG } from '#shared/constants/campaigns.ts';
import { splitAudience } from '../../campaigns/campaign-audience';
import { CAMPAIGN_FILES } from '../../campaigns/campaign-files.generated';
import { campaignMail } from '../../campaigns/campaign-mail';
import {
  CampaignSourceProblem,
  readCampaignSource,
  renderCampaign,
  type CampaignSource,
} from '../../campaigns/campaign-markdown';
import { sampleRecipient, testCopy } from '../../campaigns/test-copy';
import {
  allDraftsAndSent,
  createDraft,
  deleteDraft,
  draftId,
  getDraft,
  replaceDraft,
  type CampaignDraftItem,
} from '../../data/campaign-drafts';
import type { CampaignContent } from '../../data/campaign-item';
import { getCampaign } from '../../data/campaign-sends';
import { mailboxHash } from '../../domain/mailbox-hash';
import { allSubscribers } from '../../data/subscriber-list';
import { Refusal } from '../../domain/refusal';
import { jsonResponse } from '../../http/responses';
import { schemasOnFirstUse } from '../../http/schemas-on-first-use';
import { sendOnFirstUse } from '../../mail/send-on-first-use';
import { requireEnv } from '../../runtime/env';
import * as log from '../../runtime/log';
import { countAttempt } from '../sign-in/attempt-limits';
import { CAMPAIGN_MESSAGES } from './campaign-messages';
import { preflight } from './campaign-preflight';
import { campaignDraft, campaignSummary } from './campaign-view';
import { bodyRoute, type ConsoleRoute } from '../kit/router';
import type { CampaignStores, ConsoleRequest } from '../kit/request';

export type CampaignRequest = ConsoleRequest<CampaignStores>;

/**
 * The campaigns' schemas, read with yup at the first request with something to check
 * (schemas-on-first-use.ts), on bodies up to the size the longest campaign the form allows takes.
 */
export const campaignSchemas = schemasOnFirstUse(() => import('#shared/console/campaigns-schemas.ts'), {
  maxBodyBytes: CAMPAIGN_BODY_MAX_BYTES,
});

export const siteUrl = () => requireEnv('SITE_URL').replace(/\/+$/, '');
/** What a preview with the sample's links says of them. */
const SAMPLE_LINKS = "links are a sample subscriber's: they lead to the pages but name no one.";
const sendTestCopy = sendOnFirstUse();

const campaignsOf = (request: CampaignRequest) => request.stores.campaigns;
const isSent = async (request: CampaignRequest, slug: string) =>
  (await getCampaign(campaignsOf(request), slug)) !== undefined;

/** The draft of the route's `{slug}`, else 404. */
export const draftOf = async (request: CampaignRequest): Promise<CampaignDraftItem> => {
  const slug = request.parameters.slug ?? '';
  const draft = CAMPAIGN_SLUG.test(slug) ? await getDraft(campaignsOf(request), slug) : undefined;
  if (!draft) throw new Refusal('not-found', CAMPAIGN_MESSAGES.noSuchCampaign);
  return draft;
};

/** A draft not yet sent, at the version the owner saw; 409 otherwise. */
export const changeableDraft = async (request: CampaignRequest, version: number) => {
  const draft = await draftOf(request);
  if (await isSent(request, draft.slug)) throw new Refusal('conflict', CAMPAIGN_MESSAGES.alreadySent(draft.slug));
  if (draft.version !== version) throw new Refusal('conflict', CAMPAIGN_MESSAGES.changedMeanwhile);
  return draft;
};

/** What is rendered: every field but whether the campaign is published. */
type RenderedFields = Omit<CampaignFields, 'publish'>;

const sourceOf = (slug: string, fields: RenderedFields): CampaignSource => ({
  slug,
  subject: fields.subject,
  preheader: fields.preheader || undefined,
  topic: fields.topic as CampaignSource['topic'],
  audience: fields.audience as CampaignSource['audience'],
  markdown: fields.markdown,
});

/**
 * A preview with a real subscriber's links shows their address, and links that act for them
 * (unsubscribe, preferences): the log says who saw whose, naming the person by their hash as the
 * People screen's entries do. The live preview asks again at each pause in typing, so one entry
 * per owner, person and hour, not one per keystroke pause that would bury the rest of the log.
 */
const auditRealPreview = (request: CampaignRequest, email: string) => {
  const person = mailboxHash(email);
  return request.audit({
    action: 'campaign.preview',
    target: person,
    summary:
      "Previewed a campaign showing a subscriber's address and their unsubscribe and preferences links (noted once an hour)",
    onceKey: `campaign.preview#${request.signedIn.owner}#${person}#${Math.floor(request.now / 3600)}`,
  });
};

/** Rendered as it would be sent; a body with nothing to show is the owner's to fix (400). */
export const rendered = async (slug: string, fields: RenderedFields): Promise<CampaignContent> => {
  try {
    return await renderCampaign(sourceOf(slug, fields), siteUrl());
  } catch (error) {
    if (!(error instanceof CampaignSourceProblem)) throw error;
    throw new Refusal('invalid', `The campaign cannot be rendered: ${error.message}.`);
  }
};

/** A new draft: only the schema's fields, and who and when from the request (no mass assignment). */
const newDraft = (
  request: CampaignRequest,
  slug: string,
  fields: CampaignFields,
  importedFrom?: string,
): CampaignDraftItem => ({
  id: draftId(slug),
  kind: 'campaign-draft',
  slug,
  subject: fields.subject,
  preheader: fields.preheader ?? '',
  topic: fields.topic as CampaignDraftItem['topic'],
  audience: fields.audience as CampaignDraftItem['audience'],
  markdown: fields.markdown,
  publish: fields.publish,
  version: 0,
  createdAt: request.now,
  updatedAt: request.now,
  updatedBy: request.signedIn.owner,
  ...(importedFrom && { importedFrom }),
});

/** Stores a new draft, unless the slug is a draft already or a campaign sent (by the command, say). */
const storeNew = async (request: CampaignRequest, draft: CampaignDraftItem, message: string, action: string) => {
  await rendered(draft.slug, draft);
  if ((await isSent(request, draft.slug)) || !(await createDraft(campaignsOf(request), draft)))
    throw new Refusal('conflict', CAMPAIGN_MESSAGES.slugTaken(draft.slug));
  await request.audit({ action, target: draft.slug, summary: message });
  return jsonResponse(201, { message, campaign: campaignDraft(draft, false) } satisfies CampaignChanged);
};

const fileSource = async (slug: string): Promise<{ source?: CampaignSource; problem?: string }> => {
  try {
    return { source: await readCampaignSource(slug, CAMPAIGN_FILES[slug]!) };
  } catch (error) {
    if (!(error instanceof CampaignSourceProblem)) throw error;
    return { problem: error.message };
  }
};

/** The console's campaign screens (shared/console/campaigns.ts): the consoleCampaigns function. */
export const CAMPAIGN_CONSOLE_ROUTES: ConsoleRoute<CampaignRequest>[] = [
  {
    route: CAMPAIGN_ROUTES.list,
    handle: async (request) => {
      const { drafts, sent } = await allDraftsAndSent(campaignsOf(request));
      const items = drafts
        .sort((a, b) => b.createdAt - a.createdAt || a.slug.localeCompare(b.slug))
        .map((draft) => campaignSummary(draft, sent.has(draft.slug)));
      return jsonResponse(200, { items } satisfies Page<CampaignSummary>);
    },
  },
  bodyRoute({
    route: CAMPAIGN_ROUTES.create,
    body: campaignSchemas.bodySchema((schemas) => schemas.newCampaignSchema),
    handle: async (request, { slug, ...fields }) => {
      return storeNew(request, newDraft(request, slug, fields), CAMPAIGN_MESSAGES.created(slug), 'campaign.create');
    },
  }),
  {
    route: CAMPAIGN_ROUTES.files,
    handle: async (request) => {
      const { drafts } = await allDraftsAndSent(campaignsOf(request));
      const held = new Set(drafts.map((draft) => draft.slug));
      const files: CampaignFile[] = await Promise.all(
        Object.keys(CAMPAIGN_FILES).map(async (slug) => {
          const { source, problem } = await fileSource(slug);
          return {
            slug,
            ...(source && { subject: source.subject }),
            ...(problem && { problem }),
            imported: held.has(slug),
          };
        }),
      );
      return jsonResponse(200, files);
    },
  },
  {
    route: CAMPAIGN_ROUTES.importFile,
    handle: async (request) => {
      const slug = request.parameters.slug ?? '';
      if (!Object.hasOwn(CAMPAIGN_FILES, slug)) throw new Refusal('not-found', CAMPAIGN_MESSAGES.noSuchFile);
      const { source, problem } = await fileSource(slug);
      if (!source) throw new Refusal('invalid', CAMPAIGN_MESSAGES.badFile(slug, problem!));
      const fields = await campaignSchemas
        .checked((schemas) => schemas.campaignFieldsSchema, {
          subject: source.subject,
          preheader: source.preheader ?? '',
          topic: source.topic,
          audience: source.audience,
          markdown: source.markdown,
        })
        .catch((error: Error) => {
          throw new Refusal('invalid', CAMPAIGN_MESSAGES.badFile(slug, error.message));
        });
      const draft = newDraft(request, slug, fields, `web/content/campaigns/${slug}.md`);
      return storeNew(request, draft, CAMPAIGN_MESSAGES.imported(slug), 'campaign.import');
    },
  },
  bodyRoute({
    route: CAMPAIGN_ROUTES.preview,
    body: campaignSchemas.bodySchema((schemas) => schemas.campaignPreviewSchema),
    handle: async (request, { sampleLinks, slug, ...fields }) => {
      const content = await rendered(slug ?? 'preview', fields);
      // A real subscriber who would get it, so the links are real; else (or when asked) the marked sample.
      const [subscriber] = sampleLinks
        ? []
        : splitAudience(await allSubscribers(request.stores.subscribers), content, request.now).recipients;
      const mail = campaignMail(content, subscriber ?? sampleRecipient(content, 'subscriber@example.ca'), siteUrl());
      if (subscriber) await auditRealPreview(request, subscriber.email);
      const preview: CampaignPreview = {
        subject: mail.subject,
        preheader: content.preheader ?? '',
        html: mail.html,
        text: mail.text,
        recipient: subscriber
          ? {
              kind: 'subscriber',
              description: `With the links of ${subscriber.email}, who would get it: following them changes that person's choices.`,
            }
          : {
              kind: 'sample',
              description: sampleLinks
                ? `The ${SAMPLE_LINKS}`
                : `Nobody of this audience would get it yet, so the ${SAMPLE_LINKS}`,
            },
      };
      return jsonResponse(200, preview);
    },
  }),
  {
    route: CAMPAIGN_ROUTES.get,
    handle: async (request) => {
      const draft = await draftOf(request);
      return jsonResponse(200, campaignDraft(draft, await isSent(request, draft.slug)));
    },
  },
  bodyRoute({
    route: CAMPAIGN_ROUTES.update,
    body: campaignSchemas.bodySchema((schemas) => schemas.campaignChangeSchema),
    handle: async (request, { version, ...fields }) => {
      const draft = await changeableDraft(request, version);
      await rendered(draft.slug, fields);
      const changed: CampaignDraftItem = {
        ...newDraft(request, draft.slug, fields, draft.importedFrom),
        createdAt: draft.createdAt,
        version: version + 1,
      };
      if (!(await replaceDraft(campaignsOf(request), version, changed)))
        throw new Refusal('conflict', CAMPAIGN_MESSAGES.changedMeanwhile);
      const message = CAMPAIGN_MESSAGES.saved(draft.slug);
      await request.audit({
        action: 'campaign.update',
        target: draft.slug,
        summary: `Saved changes to the draft "${changed.subject}"`,
      });
      return jsonResponse(200, { message, campaign: campaignDraft(changed, false) } satisfies CampaignChanged);
    },
  }),
  bodyRoute({
    route: CAMPAIGN_ROUTES.delete,
    body: campaignSchemas.bodySchema((schemas) => schemas.campaignDeleteSchema),
    handle: async (request, { version }) => {
      const draft = await changeableDraft(request, version);
      if (!(await deleteDraft(campaignsOf(request), draft.slug, version)))
        throw new Refusal('conflict', CAMPAIGN_MESSAGES.changedMeanwhile);
      const message = CAMPAIGN_MESSAGES.deleted(draft.slug);
      await request.audit({
        action: 'campaign.delete',
        target: draft.slug,
        summary: `Deleted the draft "${draft.subject}"`,
      });
      return jsonResponse(200, { message });
    },
  }),
  {
    route: CAMPAIGN_ROUTES.preflight,
    handle: async (request) => {
      const draft = await draftOf(request);
      const content = await rendered(draft.slug, draft);
      return jsonResponse(
        200,
        await preflight(request.stores, draft, content, {
          owner: request.signedIn.owner,
          siteUrl: siteUrl(),
          now: request.now,
        }),
      );
    },
  },
  {
    route: CAMPAIGN_ROUTES.testSend,
    handle: async (request) => {
      const draft = await draftOf(request);
      const content = await rendered(draft.slug, draft);
      const owner = request.signedIn.owner;
      if (!(await countAttempt(request.stores.console, 'testSendsPerOwner', owner, request.now)))
        throw new Refusal('too-many', CAMPAIGN_MESSAGES.tooManyTests(TEST_SENDS_PER_HOUR));
      const messageId = await sendTestCopy(testCopy(content, owner, siteUrl()), requireEnv('SENDER_EMAIL'));
      // The SES message id is for an engineer tracing the email, not for the owners' log.
      log.info('Campaign test copy sent', { campaign: draft.slug, version: draft.version, messageId });
      await request.audit({
        action: 'campaign.test-send',
        target: draft.slug,
        summary: `Sent a test copy to ${owner}`,
      });
      return jsonResponse(200, { message: CAMPAIGN_MESSAGES.testSent(owner) });
    },
  },
];
