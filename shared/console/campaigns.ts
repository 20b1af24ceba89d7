/**
 * The console's campaigns (issue 20, items 1–3): compose and store drafts, import the
 * repository's campaign files, preview, preflight and a test copy to the signed-in owner. Routes,
 * the JSON they answer and the preflight's limits, stated once for the console's web code and
 * the consoleCampaigns function (the yup schemas of their bodies: shared/console/campaigns-schemas.ts).
 * Every route needs a session and answers errors as `{ message }` in plain words
 * (shared/console/common.ts); a state-changing one (not GET) from another origin answers 403.
 *
 * A campaign is named by its slug (`2025-hiring-outlook`): the name its emails carry in the
 * `X-Campaign` header and the SES message tag, and its send records'. A draft is stored as
 * `draft#<slug>` in the Campaigns table until it is sent; sending freezes it (`campaign#<slug>`,
 * docs/decisions/0050-campaign-sending.md): a sent campaign is neither changed nor deleted.
 */
import { routesUnder } from '../route-key';
import { type CampaignAudience, type CampaignTopic } from '../constants/campaigns';

/**
 * Every path is under `/api/admin/campaigns/`, so the one route API_ROUTES.consoleCampaigns
 * (shared/paths.ts) hands them all to the consoleCampaigns function. Under it a fixed word says
 * what follows (`drafts`, `files`, `preview`, `sends`), so no slug can ever be taken for another route.
 */
export const CAMPAIGN_ROUTES = /* @__PURE__ */ routesUnder('/api/admin/campaigns', {
  /** 200 Page<CampaignSummary> (every campaign, no `next`), newest first. */
  list: ['GET', '/drafts'],
  /** Body NewCampaign; 201 CampaignChanged; 409 when the slug is taken (a draft, or a sent campaign). */
  create: ['POST', '/drafts'],
  /** 200 CampaignDraft, or 404. */
  get: ['GET', '/drafts/{slug}'],
  /** Body CampaignChange; 200 CampaignChanged; 409 when changed meanwhile (`version`) or already sent. */
  update: ['PUT', '/drafts/{slug}'],
  /** Body { version }; 200 { message }; 409 when changed meanwhile or already sent; 404. */
  delete: ['DELETE', '/drafts/{slug}'],
  /**
   * Body CampaignPreviewRequest (what is typed, saved or not); 200 CampaignPreview: both parts of
   * the email as a recipient of the audience gets it, by the code that renders the sent email.
   */
  preview: ['POST', '/preview'],
  /** 200 Preflight of the stored draft, or 404. */
  preflight: ['GET', '/drafts/{slug}/preflight'],
  /**
   * No body; 200 { message }: the stored draft's test copy (subject `[Test] …`) to the signed-in
   * owner's own address. 429 past TEST_SENDS_PER_HOUR.
   */
  testSend: ['POST', '/drafts/{slug}/test-send'],
  /** 200 CampaignFile[]: the repository's campaign files (web/content/campaigns), as deployed. */
  files: ['GET', '/files'],
  /**
   * No body; 201 CampaignChanged (a new draft of that file); 409 when the slug is taken; 400 for
   * a file the rules refuse.
   */
  importFile: ['POST', '/files/{slug}/import'],
  /**
   * Body CampaignSendRequest; 202 CampaignSendAnswer: the stored draft's content frozen and its
   * send started now or at `at`. 409 when changed meanwhile (`version`), sent or scheduled already,
   * or a BLOCKING_CHECKS check of the preflight fails (the message names it; nothing is stored).
   */
  send: ['POST', '/sends/{slug}'],
  /** 200 SendProgress (one read: counters kept on the campaign), or 404 when it has no send. */
  progress: ['GET', '/sends/{slug}'],
  /** No body; 200 { message }: a scheduled send taken back (the draft can be changed again); 409 once started. */
  cancel: ['POST', '/sends/{slug}/cancel'],
  /** No body; 200 SendProgress: the worker holds each remaining email until resumed; 409 when not sending. */
  pause: ['POST', '/sends/{slug}/pause'],
  /** No body; 200 SendProgress; 409 when not paused. */
  resume: ['POST', '/sends/{slug}/resume'],
  /**
   * Body CampaignPublishRequest; 200 CampaignPublished: only `publish` of a campaign sent or
   * scheduled (its other fields stay frozen), and a run of the newsletter archive asked for.
   * 409 for a draft never sent; 404.
   */
  publish: ['PUT', '/sends/{slug}/publish'],
});

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

/**
 * Longest values stored (a stored draft is one DynamoDB item, at most 400 KB), in characters as
 * the form's `maxLength` and yup's `max` both count them (UTF-16 code units). The one source of
 * the form's, the schema's and the API's limits (CAMPAIGN_BODY_MAX_BYTES).
 */
export const CAMPAIGN_LIMITS = { subject: 150, preheader: 250, markdown: 100_000 } as const;

/**
 * The largest request body the campaign routes read, in bytes, so that whatever the form and the
 * schema allow reaches the schema (and is refused there in the form's words) instead of a bare
 * 413 at the API's default MAX_BODY_BYTES (16 KiB, sized for the public forms). A character of
 * a field takes at most 6 bytes of JSON: a control character or a lone surrogate is escaped as
 * `\u001f`; any other UTF-16 code unit is at most 3 bytes of UTF-8 (a `"` or `\` escaped, 2). Plus
 * 4 KiB for the field names, the slug, the version and the flags.
 */
export const CAMPAIGN_BODY_MAX_BYTES =
  6 * (CAMPAIGN_LIMITS.subject + CAMPAIGN_LIMITS.preheader + CAMPAIGN_LIMITS.markdown) + 4096;

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

export interface CampaignPublished extends CampaignChanged {
  /**
   * Whether the newsletter page's update was asked for. False: the change is stored but the
   * request failed; the page follows at the archive's next run (any later send or switch).
   */
  pageUpdateRequested: boolean;
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
  'tokens',
  'unsubscribe',
  'subject',
  'preheader',
] as const;
export type PreflightCheckId = (typeof PREFLIGHT_CHECKS)[number];

/**
 * The checks whose problem stops a send: nobody to send to, no CASL identification, a broken
 * link, a subscriber's personal link or token in the text, no working unsubscribe link. A subject
 * or preheader longer than inboxes show only warns.
 */
export const BLOCKING_CHECKS: readonly PreflightCheckId[] = [
  'recipients',
  'identification',
  'links',
  'tokens',
  'unsubscribe',
];

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

/** Where a send stands (the console shows it in these words' order). */
export type SendState = 'scheduled' | 'launching' | 'sending' | 'paused';

export interface CampaignSendAnswer {
  message: string;
  /** The recipients the preflight counts now; the launch gathers them again at its time. */
  recipients: number;
  /** Unix seconds. */
  launchAt: number;
}

/**
 * What became of the emails, each person counted once. SES's word (its Delivery, Bounce,
 * Complaint and Reject events; its strongest word per email: a bounce after delivery counts as a
 * bounce), and who unsubscribed since. Nothing of opening or clicking is measured
 * (docs/decisions/0051-campaign-measurement-privacy.md).
 */
export interface SendResults {
  delivered: number;
  /** Permanent bounces (the address is suppressed). */
  bounced: number;
  /** Transient bounces (mailbox full, …) not followed by delivery. */
  softBounced: number;
  /** Marked as spam (the address is suppressed, and gets no further campaign). */
  complained: number;
  rejected: number;
  /**
   * Unsubscribed from every email after this campaign's email reached them (sent, and not bounced
   * or rejected), by any way: the unsubscribe page, the mail app's one-click button, "stop
   * everything" on the preferences page, or the firm's console. One person counts in every
   * campaign that reached them before; per day, on the day they unsubscribed.
   */
  unsubscribed: number;
}

/** How many of those unsubscribed since ticked a reason on the unsubscribe page (one may tick several). */
export interface UnsubscribeReasonCount {
  /** An UNSUBSCRIBE_REASONS key (shared/constants/subscriber-options.ts), or `none`. */
  reason: string;
  /** The words the unsubscribe page shows; for `none`: UNSUBSCRIBED_WITHOUT_REASON. */
  label: string;
  count: number;
}

/** Who unsubscribed in a way that asks no reason (one-click, preferences page, the console). */
export const UNSUBSCRIBED_WITHOUT_REASON =
  "Gave no reason (the mail app's unsubscribe button, their preferences page, or through the firm)";

export interface SendProgress {
  slug: string;
  state: SendState;
  /** Unix seconds; startedAt absent until the recipients are queued. */
  launchAt?: number;
  startedAt?: number;
  /**
   * How many could receive it when the owner pressed send; absent for a send started from the
   * command line. The launch gathers the recipients again at its time, so `queued` may differ.
   */
  confirmed?: number;
  queued: number;
  sent: number;
  inDoubt: number;
  failed: number;
  /** No longer eligible when their turn came (unsubscribed, switched the topic off, suppressed). */
  ineligible: number;
  /** Queued, not yet settled one way or another. */
  left: number;
  results: SendResults;
  /**
   * Why those of `results.unsubscribed` left, in aggregate (never per person): the reasons given,
   * most given first, then `none`; reasons nobody gave are left out.
   */
  unsubscribeReasons: UnsubscribeReasonCount[];
  /** Per firm day (America/Edmonton, `2026-11-27`), oldest first. */
  perDay: ({ day: string } & SendResults)[];
}
