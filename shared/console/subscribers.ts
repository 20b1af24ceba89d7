/**
 * The console's Subscribers screen (issue 19, section 5): its routes, the list's filter, rows and
 * counts, and the subscriber states it filters and counts by (a person's record on the People
 * screen, ./people.ts, shows the same states), used by the console's page and by its handler
 * (lambdas/console/subscribers/subscriber-routes.ts). Its routes take no body, only a query.
 * Every route answers 401 without a session.
 */
import { route } from '../route-key';
import { CONSOLE_API_BASE, type Page } from './common';
import type { Audience } from '../constants/audiences';
import type { CampaignTopic } from '../constants/campaigns';

/**
 * Never `/api/admin/subscribers/<word>`: the public `GET /api/{audience}/subscribers/{id}` matches
 * that path too, and API Gateway prefers a route without a greedy variable to the console's
 * `ANY /api/admin/{proxy+}` (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-routes.html,
 * "Routing API requests"), as the local twin does: a route there answered "We could not find that
 * subscription".
 */
export const SUBSCRIBER_ROUTES = {
  /**
   * Query SubscriberFilter + `cursor`; 200 SubscriberListPage, 50 a page, newest first. The first
   * page (no cursor) carries the counts too: the screen opens on one call and one read of the table.
   */
  list: /* @__PURE__ */ route('GET', `${CONSOLE_API_BASE}/subscribers`),
  /**
   * Query SubscriberFilter and `cursor` (none for the first part); 200 text/csv, one part of every
   * matching row (./exports.ts). Audit `subscribers.export`, with the last part.
   */
  export: /* @__PURE__ */ route('GET', `${CONSOLE_API_BASE}/subscribers-export`),
} as const;

/** `pending`: asked to subscribe, confirmation not clicked yet (within its 7 days). */
export const SUBSCRIBER_STATES = [
  'pending',
  'confirmed',
  'implied',
  'inquired',
  'lapsed',
  'unsubscribed',
  'suppressed',
] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

export interface SubscriberFilter {
  audience?: Audience;
  state?: SubscriberState;
  /** Only subscribers who get this topic now (eligible for a campaign of it). */
  topic?: CampaignTopic;
}

export interface SubscriberRow {
  audience: Audience;
  state: SubscriberState;
  email: string;
  firstName: string;
  lastName: string;
  topics: CampaignTopic[];
  since: number;
  impliedUntil?: number;
}

export interface SubscribersOverview {
  /** Per audience, how many are in each state. */
  byState: Record<Audience, Record<SubscriberState, number>>;
  /** Per audience, how many a campaign of each topic would reach now. */
  byTopic: Record<Audience, Record<CampaignTopic, number>>;
  /** Implied consents ending within 30 days, soonest first. */
  impliedExpiring: SubscriberRow[];
}

/** A page of the list; the first one (asked without a cursor) also counts everyone, unfiltered. */
export interface SubscriberListPage extends Page<SubscriberRow> {
  overview?: SubscribersOverview;
}

export const BAD_FILTER = 'That filter is not one the list knows.';
