/**
 * The console's campaigns (issue 20, items 1–3): compose and store drafts, import the
 * repository's campaign files, preview, preflight and a test copy to the signed-in owner. Routes,
 * the JSON they answer, the yup schemas of their bodies and the preflight's limits, stated once
 * for the console's web code and the consoleCampaigns function. Every route needs a session and
 * answers errors as `{ message }` in plain words (shared/console-api.ts); a state-changing one
 * (not GET) from another origin answers 403.
 *
 * A campaign is named by its slug (`2025-hiring-outlook`): the name its emails carry in the
 * `X-Campaign` header and the SES message tag, and its send records'. A draft is stored as
 * `draft#<slug>` in the Campaigns table until it is sent; sending freezes it (`campaign#<slug>`,
 * docs/decisions/0050-campaign-sending.md): a sent campaign is neither changed nor deleted.
 */
import * as yup from 'yup';
import {
  CAMPAIGN_AUDIENCES,
  CAMPAIGN_SLUG,
  CAMPAIGN_TOPICS,
  type CampaignAudience,
  type CampaignTopic,
} from './constants/campaigns';

/**
 * Every path is under `/api/admin/campaigns/`, so the one route API_ROUTES.consoleCampaigns
 * (shared/paths.ts) hands them all to the consoleCampaigns function. Under it a fixed word says
 * what follows (`drafts`, `files`, `preview`), so no slug can ever be taken for another route.
 */
export const CAMPAIGN_ROUTES = {
  /** 200 Page<CampaignSummary> (every campaign, no `next`), newest first. */
  list: 'GET /api/admin/campaigns/drafts',
  /** Body NewCampaign; 201 CampaignChanged; 409 when the slug is taken (a draft, or a sent campaign). */
  create: 'POST /api/admin/campaigns/drafts',
  /** 200 CampaignDraft, or 404. */
  get: 'GET /api/admin/campaigns/drafts/{slug}',
  /** Body CampaignChange; 200 CampaignChanged; 409 when changed meanwhile (`version`) or already sent. */
  update: 'PUT /api/admin/campaigns/drafts/{slug}',
  /** Body { version }; 200 { message }; 409 when changed meanwhile or already sent; 404. */
  delete: 'DELETE /api/admin/campaigns/drafts/{slug}',
  /**
   * Body CampaignFields (what is typed, saved or not); 200 CampaignPreview: both parts of the
   * email as a recipient of the audience gets it, by the code that renders the sent email.
   */
  preview: 'POST /api/admin/campaigns/preview',
  /** 200 Preflight of the stored draft, or 404. */
  preflight: 'GET /api/admin/campaigns/drafts/{slug}/preflight',
  /**
   * No body; 200 { message }: the stored draft's test copy (subject `[Test] …`) to the signed-in
   * owner's own address. 429 past TEST_SENDS_PER_HOUR.
   */
  testSend: 'POST /api/admin/campaigns/drafts/{slug}/test-send',
  /** 200 CampaignFile[]: the repository's campaign files (web/content/campaigns), as deployed. */
  files: 'GET /api/admin/campaigns/files',
  /**
   * No body; 201 CampaignChanged (a new draft of that file); 409 when the slug is taken; 400 for
   * a file the rules refuse.
   */
  importFile: 'POST /api/admin/campaigns/files/{slug}/import',
} as const;

/** Test copies one owner may send per hour (each is a real email through SES). */
export const TEST_SENDS_PER_HOUR = 10;

/**
 * What inboxes show of a subject and a preheader, in characters. Subject: at most 50 (Apple
 * Mail on an iPhone shows 48, the Gmail app fewer; "never exceed 50 characters",
 * https://www.emailtooltester.com/en/blog/email-subject-lines-character-limit/). Preheader:
 * 90, what the Gmail app shows (Apple Mail on an iPhone 81 upright, Gmail in a browser 97;
 * https://themarketer.com/resources/knowledge-base/how-long-should-your-preview-texts-be).
 * Longer is allowed but the preflight says it will be cut off.
 */
export const INBOX_SHOWS = { subject: 50, preheader: 90 } as const;

/** Longest values stored (a stored draft is one DynamoDB item, at most 400 KB). */
export const CAMPAIGN_LIMITS = { subject: 150, preheader: 250, markdown: 100_000 } as const;

/**
 * Links a campaign may carry: the web (http, https), email addresses, and the site's own pages
 * (`/blog`). Anything else (`javascript:`, `data:`, `file:`) is refused by the schema and never
 * rendered as a link.
 */
export const isSafeCampaignHref = (href: string): boolean =>
  /^(https?:\/\/|mailto:)/i.test(href) || (href.startsWith('/') && !href.startsWith('//'));

/** Markdown links and autolinks: `[words](target)` and `<https://…>`. */
const LINK_TARGETS = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|<([a-z][a-z0-9+.-]*:[^>\s]+)>/gi;

/** Every link target written in a Markdown body, in order (repeats kept once). */
export const linkTargetsOf = (markdown: string): string[] => [
  ...new Set([...markdown.matchAll(LINK_TARGETS)].map((match) => (match[1] ?? match[2])!)),
];

const oneLine = (label: string, max: number) =>
  yup
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .test('one-line', `${label} must be one line.`, (value) => value === undefined || !/[\r\n]/.test(value));

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
    .max(CAMPAIGN_LIMITS.markdown, `The body can be at most ${CAMPAIGN_LIMITS.markdown} characters.`)
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
const version = () =>
  yup
    .number()
    .required('Say which version of the campaign you changed.')
    .integer()
    .min(0, 'That version does not exist.');

export const campaignChangeSchema = campaignFieldsSchema.shape({ version: version() });
export type CampaignChange = yup.InferType<typeof campaignChangeSchema>;

export const campaignDeleteSchema = yup.object({ version: version() });

/** `draft`: still being written; `sent`: a send started (its content is frozen). */
export type CampaignState = 'draft' | 'sent';

export interface CampaignSummary {
  slug: string;
  subject: string;
  topic: CampaignTopic;
  audience: CampaignAudience;
  state: CampaignState;
  /** Unix seconds. */
  createdAt: number;
  updatedAt: number;
  updatedBy: string;
}

export interface CampaignDraft extends CampaignSummary {
  preheader: string;
  markdown: string;
  /** Published on the site's newsletter page once sent (CampaignFields.publish). */
  publish: boolean;
  /** Send it back with the next change. */
  version: number;
  /** The repository file it was imported from (`web/content/campaigns/<slug>.md`), if any. */
  importedFrom?: string;
}

export interface CampaignChanged {
  message: string;
  campaign: CampaignDraft;
}

/** One of the repository's campaign files, and whether the console already holds that slug. */
export interface CampaignFile {
  slug: string;
  subject?: string;
  /** Why it cannot be imported, in plain words (its front matter breaks the rules). */
  problem?: string;
  imported: boolean;
}

export interface CampaignPreview {
  subject: string;
  preheader: string;
  /** A whole HTML document, no script: show it in `<iframe sandbox srcdoc>`. */
  html: string;
  text: string;
  /** Whose links it carries: a real subscriber of the audience, or a marked sample. */
  recipient: { kind: 'subscriber' | 'sample'; description: string };
}

/** Why someone of the audience gets no email (lambdas/campaigns/eligibility.ts), in the screen's order. */
export const EXCLUSION_REASONS = {
  'no-valid-consent': 'No consent: never confirmed, and no implied consent',
  'topic-off': 'Switched this topic off',
  unsubscribed: 'Unsubscribed from everything',
  suppressed: 'Suppressed (bounced, complained or erased)',
  'consent-expired': 'Implied consent lapsed',
} as const;
export type ExclusionReason = keyof typeof EXCLUSION_REASONS;

/** Addresses shown per reason; the count is always whole. */
export const EXCLUDED_SHOWN = 10;

export interface Exclusion {
  reason: ExclusionReason;
  label: string;
  count: number;
  /** Up to EXCLUDED_SHOWN addresses. */
  emails: string[];
}

/** A link of the body and what the check found. */
export interface LinkCheck {
  href: string;
  /** `ok`: answered 200; `broken`: anything else; `not-checked`: another site's (listed, not fetched). */
  result: 'ok' | 'broken' | 'not-checked';
  /** e.g. "answered 404", "did not answer within 5 s". */
  detail?: string;
}

export const PREFLIGHT_CHECKS = [
  'recipients',
  'identification',
  'links',
  'unsubscribe',
  'subject',
  'preheader',
] as const;
export type PreflightCheckId = (typeof PREFLIGHT_CHECKS)[number];

export interface PreflightCheck {
  id: PreflightCheckId;
  ok: boolean;
  /** One line in plain words: what was checked and what was found. */
  summary: string;
}

export interface Preflight {
  slug: string;
  /** Every check, in PREFLIGHT_CHECKS order; the campaign is ready when every `ok`. */
  checks: PreflightCheck[];
  recipients: number;
  exclusions: Exclusion[];
  links: LinkCheck[];
  /** Unix seconds. */
  checkedAt: number;
}
