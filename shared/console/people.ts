/**
 * The console's People screen (issue 19, section 4): its routes and the JSON they answer, used by
 * the console's page and by its handler (lambdas/console/people/person-routes.ts); the yup schemas
 * of its bodies are in ./people-schemas.ts, so the console's start-up script can name the routes
 * without yup. A subscription's states are the Subscribers screen's (./subscribers.ts).
 *
 * A person is named by an email address, and addresses never travel in a URL: a path or query
 * lands in CloudFront's and API Gateway's access logs, which an erasure cannot reach
 * (docs/decisions/0072-erasure.md). So every person route is a POST with the address in its
 * body (and, like every POST, must come from the console's own page: 403 otherwise).
 * Every route answers 401 without a session and 400 `{ message }` for a body the schema refuses.
 */
import { route } from '../route-key';
import { CONSOLE_API_BASE } from './common';
import type { SubscriberState } from './subscribers';
import type { Audience } from '../constants/audiences';
import type { CampaignTopic } from '../constants/campaigns';

export const PEOPLE_ROUTES = {
  /** Body PersonRequest; 200 PersonRecord. Audit `person.view`. */
  record: /* @__PURE__ */ route('POST', `${CONSOLE_API_BASE}/people/record`),
  /**
   * Body EvidenceRequest; 200 EvidencePack. `use` download (the default): as a download
   * (Content-Disposition), audit `person.export`; `use` print: for the printable page, audit `person.print`.
   */
  evidence: /* @__PURE__ */ route('POST', `${CONSOLE_API_BASE}/people/evidence`),
  /** Body UnsubscribeRequest; 200 UnsubscribeAnswer; 404 without a subscription. Audit `person.unsubscribe`. */
  unsubscribe: /* @__PURE__ */ route('POST', `${CONSOLE_API_BASE}/people/unsubscribe`),
  /** Body ErasureRequest; 200 ErasureAnswer. Audit `person.erase`. */
  erasure: /* @__PURE__ */ route('POST', `${CONSOLE_API_BASE}/people/erasure`),
} as const;

export const ERASURE_NOT_CONFIRMED =
  'The address typed to confirm is not the same as the one to erase, so nothing was erased.';
export const NO_SUBSCRIPTION = 'This address has no subscription, so there is nothing to unsubscribe.';

/** One consent event as the ledger holds it (CASL proof), times in Unix seconds. */
export type LedgerEvent =
  | { type: 'requested'; at: number; source: string; text: string; formVersion?: string; leadId?: string }
  | { type: 'confirmed'; at: number; source: string; ip: string; userAgent: string; leadId?: string }
  | { type: 'inquired'; at: number; source: string; leadId?: string }
  | { type: 'implied'; at: number; source: string; until: number; leadId?: string }
  | { type: 'preferences-changed'; at: number; source: string; emailSetting: string[] }
  /** `source` console: an owner did it at the person's request; `by` is that owner, `reasons` what they typed. */
  | { type: 'withdrawn'; at: number; source: string; reasons: string[]; by?: string };

/** What SES said last of an email (docs/decisions/0063-settling-mail-from-ses-events.md). */
export interface DeliveryView {
  outcome: string;
  at: number;
  detail?: string;
}

/** One subscription of the person (one per audience at most) and its whole ledger, oldest first. */
export interface SubscriptionView {
  subscriberId: string;
  audience: Audience;
  email: string;
  firstName: string;
  lastName: string;
  state: SubscriberState;
  consent: 'express' | 'implied' | 'none';
  subscribed: boolean;
  suppressed: boolean;
  impliedSince?: number;
  impliedUntil?: number;
  /** The topics it gets, of CAMPAIGN_TOPICS. */
  topics: CampaignTopic[];
  createdAt: number;
  ledger: LedgerEvent[];
}

/** An email of a lead (its part) and what became of it. */
export interface LeadEmailView {
  part: 'requester' | 'notification' | 'confirmation' | 'welcome';
  status: string;
  sesMessageId?: string;
  delivery?: DeliveryView;
}

export interface LeadView {
  id: string;
  type: 'scorecard' | 'signup' | 'resubscribe';
  audience: Audience;
  createdAt: number;
  firstName: string;
  lastName: string;
  email: string;
  organization: string;
  jobTitle: string;
  message: string;
  /** What the form showed beside the marketing box, exactly, which form and which version of it. */
  consentRequest?: { source: string; text: string; formVersion?: string };
  confirmedAt?: number;
  emails: LeadEmailView[];
}

export interface CampaignEmailView {
  campaign: string;
  status: string;
  sentAt?: number;
  messageId?: string;
  delivery?: DeliveryView;
}

/** What an erasure kept (docs/decisions/0072-erasure.md): no address, only its hash. */
export interface ErasureView {
  mailboxHash: string;
  erasedAt: number;
  /** The consent records of the subscriptions that had messages sent, without names or addresses. */
  ledger: (LedgerEvent & { audience: Audience })[];
  /** The messages sent under that consent. */
  messagesSent: { what: string; sentAt: number; messageId?: string }[];
  /** When the kept record goes (Unix seconds); absent when nothing was sent and only the suppression is kept. */
  keptUntil?: number;
}

export interface PersonRecord {
  /** The canonical mailbox the lookup used (lower case, no +tag, Gmail dots folded). */
  mailbox: string;
  /** How the audit log names this person: the one-way hash, never the address. */
  personRef: string;
  suppression?: { reason: 'bounce' | 'complaint' | 'erasure'; at: number };
  subscriptions: SubscriptionView[];
  leads: LeadView[];
  campaignEmails: CampaignEmailView[];
  erasure?: ErasureView;
}

/** The download for a CRTC request: the record, who sends, and when it was made. */
export interface EvidencePack extends PersonRecord {
  generatedAt: number;
  generatedBy: string;
  sender: { name: string; mailingAddress: string; website: string; contactEmail: string };
}

export interface UnsubscribeAnswer {
  message: string;
  /** Subscriptions withdrawn now; 0 when every one was already unsubscribed (nothing recorded). */
  withdrawn: number;
}

export interface ErasureAnswer {
  message: string;
  personRef: string;
  erased: { leads: number; subscriptions: number; consentRecords: number; campaignEmails: number };
  /** Whether a CASL record was kept (messages had been sent under the person's consent). */
  keptRecord: boolean;
}
