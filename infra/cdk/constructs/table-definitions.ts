import { AUDIT_LOG_INDEX } from '#shared/audit-log-index.ts';
import { LEADS_BY_MAILBOX_INDEX } from '#shared/leads-by-mailbox-index.ts';
import { LEADS_BY_TIME_INDEX } from '#shared/leads-by-time-index.ts';
import { MAIL_DUE_INDEX } from '#shared/mail-due-index.ts';
import { POST_LIST_INDEX } from '#shared/post-list-index.ts';
import { SENDS_BY_MAILBOX_INDEX } from '#shared/sends-by-mailbox-index.ts';
import { VISITS_BY_DAY_INDEX } from '#shared/visits-by-day-index.ts';

/**
 * The DynamoDB tables, defined once: the CDK data construct and the local stack
 * (dynalite) both create tables from these, so the cloud and the local twin cannot drift.
 * Plain data, no CDK types, so the local stack can use it without loading aws-cdk-lib.
 */
export interface TableDefinition {
  /** Logical name: the CDK construct id, and the table's name under `npm start` (integration tests name their own). */
  logicalName: string;
  partitionKey: { name: string; type: 'S' };
  /** TTL attribute (Unix seconds) for the privacy policy's 2-year retention and short-lived markers. */
  timeToLiveAttribute: string;
  /** The leads table streams new items to the mailer. */
  stream?: 'NEW_IMAGE';
  /**
   * Sparse global secondary indexes: an item is in an index while it has both of its keys. Each
   * projects its keys only, unless its definition projects ALL for a list read from it.
   */
  indexes?: readonly IndexDefinition[];
  /**
   * Point-in-time recovery (35 days of restorable history), on unless `false`: off only where a
   * deletion must be final (the analytics table's daily salts, decision 0081).
   */
  pointInTimeRecovery?: false;
}

export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: { readonly name: string; readonly type: 'S' };
  readonly sortKey: { readonly name: string; readonly type: 'N' };
  /** What the index holds besides its keys: nothing (the default), or the whole item for lists read from it. */
  readonly projection?: 'KEYS_ONLY' | 'ALL';
}

/**
 * Subscribers. Two item kinds share the key `id`:
 * - a subscriber: `id` is a 128-bit random token (base64url, 22 chars), the only way to reach it;
 * - an email claim: `id` = `email#<audience>#<normalised email>`, holding `subscriberId`.
 *   A conditional put on the claim makes "one subscriber per audience and address" hold even
 *   under concurrent sign-ups (dynalite has no transactions, so no TransactWrite).
 */
export const SUBSCRIBERS_TABLE: TableDefinition = {
  logicalName: 'Subscribers',
  partitionKey: { name: 'id', type: 'S' },
  timeToLiveAttribute: 'expiresAt',
};

/**
 * Leads: scorecard requests and contact sign-ups (`kind` = 'lead', id `lead#<key>` derived from
 * the submission), plus the submission-limit counters that share the table (`limit#…`).
 * Only `kind = 'lead'` inserts reach the mailer's stream trigger (stream filter in CDK); retries
 * come from the mail sweep reading MAIL_DUE_INDEX. LEADS_BY_TIME_INDEX is the console's inbox,
 * LEADS_BY_MAILBOX_INDEX one person's leads (the console's person page, an erasure).
 */
export const LEADS_TABLE: TableDefinition = {
  logicalName: 'Leads',
  partitionKey: { name: 'id', type: 'S' },
  timeToLiveAttribute: 'expiresAt',
  stream: 'NEW_IMAGE',
  indexes: [MAIL_DUE_INDEX, LEADS_BY_TIME_INDEX, LEADS_BY_MAILBOX_INDEX],
};

/**
 * Campaigns (docs/decisions/0050-campaign-sending.md): one item per campaign sent
 * (`campaign#<slug>`: the rendered content frozen at the first send, queued counts) and one send
 * record per person and campaign (`send#<slug>#<canonical mailbox>`), whose conditional claim
 * makes "one email per person per campaign" hold across re-sends, retries and interruptions.
 * SENDS_BY_MAILBOX_INDEX finds one person's send records (the console's person page).
 */
export const CAMPAIGNS_TABLE: TableDefinition = {
  logicalName: 'Campaigns',
  partitionKey: { name: 'id', type: 'S' },
  timeToLiveAttribute: 'expiresAt',
  indexes: [SENDS_BY_MAILBOX_INDEX],
};

/**
 * The firm's console (docs/decisions/0070-console-sign-in.md): its owners' passkeys
 * (`passkey#<credential id>`), sessions (`session#<hash of the token>`), each owner's list of
 * them (`owner#<address>`), one-time ceremony challenges and enrolment links, the ceremony
 * attempt counters, and the append-only audit log (`audit#…`, AUDIT_LOG_INDEX).
 */
export const CONSOLE_TABLE: TableDefinition = {
  logicalName: 'Console',
  partitionKey: { name: 'id', type: 'S' },
  timeToLiveAttribute: 'expiresAt',
  indexes: [AUDIT_LOG_INDEX],
};

/**
 * The blog's posts (docs/decisions/0053-blog-posts-from-the-console.md): each post as the owners
 * see it (`post#<id>`, on POST_LIST_INDEX), every saved revision (`revision#<id>#<n>`), one item
 * per slug in use (`slug#<slug>`, claimed by a conditional put) and the seed's marker. No TTL is
 * ever set: the firm's own writing, not personal data.
 */
export const POSTS_TABLE: TableDefinition = {
  logicalName: 'Posts',
  partitionKey: { name: 'id', type: 'S' },
  timeToLiveAttribute: 'expiresAt',
  indexes: [POST_LIST_INDEX],
};

/**
 * The site's visit counting (docs/decisions/0081-privacy-first-analytics.md): each firm day's
 * secret salt (`salt#<day>`), each visitor's day under its salted hash (`visit#<day>#<hash>`) and
 * each client's count of new visitors (`client#<day>#<hash>`), all deleted by the roll-up once the
 * day is over (TTL within 48 hours behind it), and each day's sums (`day#<day>`), which hold no
 * visitor. No point-in-time recovery: a deleted salt must not be restorable, or days could be linked.
 */
export const ANALYTICS_TABLE: TableDefinition = {
  logicalName: 'Analytics',
  partitionKey: { name: 'id', type: 'S' },
  timeToLiveAttribute: 'expiresAt',
  indexes: [VISITS_BY_DAY_INDEX],
  pointInTimeRecovery: false,
};

export const TABLES = [
  SUBSCRIBERS_TABLE,
  LEADS_TABLE,
  CAMPAIGNS_TABLE,
  CONSOLE_TABLE,
  POSTS_TABLE,
  ANALYTICS_TABLE,
] as const;
