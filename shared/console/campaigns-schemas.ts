/**
 * The yup schemas of the console's campaign requests (shared/console/campaigns.ts), for the
 * console's forms and the consoleCampaigns function, which reads them at its first request with a
 * body to check (lambdas/http/schemas-on-first-use.ts).
 */
import * as yup from 'yup';
import { actAt, versionSeen } from './schema-fields';
import { CAMPAIGN_LIMITS, isSafeCampaignHref, linkTargetsOf } from './campaigns';
import { CAMPAIGN_AUDIENCES, CAMPAIGN_SLUG, CAMPAIGN_TOPICS } from '../constants/campaigns';

const oneLine = (label: string, max: number) =>
  yup
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .test('one-line', `${label} must be one line.`, (value) => value === undefined || !/[\r\n]/.test(value));

/** The form's and the API's words for a body over CAMPAIGN_LIMITS.markdown. */
export const CAMPAIGN_BODY_TOO_LONG = `The body can be at most ${CAMPAIGN_LIMITS.markdown.toLocaleString('en-CA')} characters.`;

/** The fields an owner writes. */
export const campaignFieldsSchema = yup.object({
  subject: oneLine('The subject', CAMPAIGN_LIMITS.subject).required('Write a subject.'),
  preheader: oneLine('The preheader', CAMPAIGN_LIMITS.preheader).default(''),
  topic: yup
    .string()
    .required('Choose the topic.')
    .oneOf(CAMPAIGN_TOPICS, 'Choose the newsletter, announcements or services news.'),
  audience: yup
    .string()
    .required('Choose who it is for.')
    .oneOf(CAMPAIGN_AUDIENCES, 'Choose candidates, employers or both.'),
  markdown: yup
    .string()
    .trim()
    .required('Write the body of the email.')
    .max(CAMPAIGN_LIMITS.markdown, CAMPAIGN_BODY_TOO_LONG)
    .test(
      'safe-links',
      ({ value }) => unsafeLinksMessage(value as string),
      (value) => (value === undefined ? true : linkTargetsOf(value).every(isSafeCampaignHref)),
    ),
  /**
   * Whether the campaign's web version goes on the site's newsletter page once it is sent
   * (docs/decisions/0052-newsletter-archive.md). Off unless the owner ticks it.
   */
  publish: yup.boolean().default(false),
});
export type CampaignFields = yup.InferType<typeof campaignFieldsSchema>;

/**
 * A preview carries a real subscriber's links (one who would get it) unless `sampleLinks`: then
 * always the marked sample's. A frozen campaign's page asks for the sample, since its preview
 * stays on screen while the real emails are out and a click there would act for that person.
 */
export const campaignPreviewSchema = campaignFieldsSchema.shape({
  sampleLinks: yup.boolean().default(false),
  /**
   * The campaign's short name once it has one: its links' `utm_campaign` (0051), so the preview's
   * HTML is the sent email's. A new campaign without one yet is previewed as `preview`.
   */
  slug: yup.string().matches(CAMPAIGN_SLUG, 'The short name may use lower-case letters, digits and hyphens only.'),
});
export type CampaignPreviewRequest = yup.InferType<typeof campaignPreviewSchema>;

const unsafeLinksMessage = (markdown: string) =>
  `Links must lead to a web page, an email address or a page of the site; this one cannot: ${linkTargetsOf(markdown)
    .filter((href) => !isSafeCampaignHref(href))
    .join(', ')}`;

export const newCampaignSchema = campaignFieldsSchema.shape({
  slug: yup
    .string()
    .required('Give the campaign a short name for its address, e.g. 2026-spring-news.')
    .matches(
      CAMPAIGN_SLUG,
      'The short name may use lower-case letters, digits and hyphens only, starting with a letter or digit (at most 80).',
    ),
});
export type NewCampaign = yup.InferType<typeof newCampaignSchema>;

/** A change names the `version` it was made on (CampaignDraft.version): an older one is refused (409). */
const version = () => versionSeen('the campaign', 0);

export const campaignChangeSchema = campaignFieldsSchema.shape({ version: version() });
export type CampaignChange = yup.InferType<typeof campaignChangeSchema>;

export const campaignDeleteSchema = yup.object({ version: version() });

/** The owner's switch on a sent campaign: on or off the site's newsletter page, nothing else. */
export const campaignPublishSchema = yup.object({
  publish: yup.boolean().required("Say whether it goes on the site's newsletter page: true or false."),
});
export type CampaignPublishRequest = yup.InferType<typeof campaignPublishSchema>;

/**
 * Send now (no `at`) or at a time: an ISO 8601 instant with its offset, e.g.
 * `2026-12-01T09:00:00-07:00` (the firm's time, America/Edmonton) or `…Z`, at most a year ahead.
 */
export const campaignSendSchema = yup.object({
  version: version(),
  at: actAt(),
});
export type CampaignSendRequest = yup.InferType<typeof campaignSendSchema>;
