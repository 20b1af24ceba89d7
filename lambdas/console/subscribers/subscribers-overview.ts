import { AUDIENCES, isAudience } from '#shared/constants/audiences.ts';
import { CAMPAIGN_TOPICS, type CampaignTopic } from '#shared/constants/campaigns.ts';
import { CONFIRMATION_TTL_SECONDS } from '#shared/constants/consent.ts';
import {
  BAD_FILTER,
  SUBSCRIBER_STATES,
  type SubscriberFilter,
  type SubscriberRow,
  type SubscribersOverview,
  type SubscriberState,
} from '#shared/console/subscribers.ts';
import { leadsSince } from '../../data/leads';
import { allSubscribers } from '../../data/subscriber-list';
import { claimedMailbox } from '../../data/subscriber-item';
import { stateOf, topicsOf } from '../../domain/subscriber-state';
import { Refusal } from '../../domain/refusal';
import type { ConsoleStores } from '../kit/request';

const EXPIRING_WITHIN_SECONDS = 30 * 24 * 3600;

/**
 * Every subscriber as a row, and the sign-ups still waiting for their confirmation click
 * (`pending`: asked, not confirmed, within the link's 7 days, no subscriber of that audience
 * yet), newest first. What the overview counts and the list shows.
 */
export const subscriberRows = async (stores: ConsoleStores, now: number): Promise<SubscriberRow[]> => {
  const [subscribers, recentLeads] = await Promise.all([
    allSubscribers(stores.subscribers),
    leadsSince(stores.leads, now - CONFIRMATION_TTL_SECONDS),
  ]);
  const known = new Set(subscribers.map((s) => `${s.audience}#${claimedMailbox(s)}`));
  const pending = new Map<string, SubscriberRow>();
  for (const lead of recentLeads) {
    const key = `${lead.audience}#${lead.mailbox}`;
    if (!lead.consentRequest || lead.confirmedAt || known.has(key) || pending.has(key)) continue;
    pending.set(key, {
      audience: lead.audience,
      state: 'pending',
      email: lead.email,
      firstName: lead.firstName,
      lastName: lead.lastName,
      topics: [],
      since: lead.createdAt,
    });
  }
  const rows: SubscriberRow[] = subscribers.map((s) => ({
    audience: s.audience,
    state: stateOf(s, now),
    email: s.email,
    firstName: s.firstName,
    lastName: s.lastName,
    topics: topicsOf(s, now),
    since: s.createdAt,
    ...(s.consent === 'implied' && s.impliedUntil !== undefined && { impliedUntil: s.impliedUntil }),
  }));
  return [...rows, ...pending.values()].sort((a, b) => b.since - a.since);
};

const countBy = <Key extends string>(keys: readonly Key[], count: (key: Key) => number) =>
  Object.fromEntries(keys.map((key) => [key, count(key)])) as Record<Key, number>;

/** Counts per audience by state and by topic, and the implied consents that end within 30 days. */
export const overviewOf = (rows: SubscriberRow[], now: number): SubscribersOverview => {
  const perAudience = <Key extends string>(keys: readonly Key[], counts: (row: SubscriberRow, key: Key) => boolean) =>
    Object.fromEntries(
      AUDIENCES.map((audience) => [
        audience,
        countBy(keys, (key) => rows.filter((row) => row.audience === audience && counts(row, key)).length),
      ]),
    ) as Record<(typeof AUDIENCES)[number], Record<Key, number>>;
  return {
    byState: perAudience(SUBSCRIBER_STATES, (row, state) => row.state === state),
    byTopic: perAudience(CAMPAIGN_TOPICS, (row, topic) => row.topics.includes(topic)),
    impliedExpiring: rows
      .filter((row) => row.state === 'implied' && row.impliedUntil! <= now + EXPIRING_WITHIN_SECONDS)
      .sort((a, b) => a.impliedUntil! - b.impliedUntil!),
  };
};

/** The list's filter from the query string; 400 for a value the list does not know. */
export const filterOf = (query: Record<string, string | undefined> = {}): SubscriberFilter => {
  const { audience, state, topic } = query;
  if (audience !== undefined && !isAudience(audience)) throw new Refusal('invalid', BAD_FILTER);
  if (state !== undefined && !(SUBSCRIBER_STATES as readonly string[]).includes(state))
    throw new Refusal('invalid', BAD_FILTER);
  if (topic !== undefined && !(CAMPAIGN_TOPICS as readonly string[]).includes(topic))
    throw new Refusal('invalid', BAD_FILTER);
  return {
    ...(audience !== undefined && { audience }),
    ...(state !== undefined && { state: state as SubscriberState }),
    ...(topic !== undefined && { topic: topic as CampaignTopic }),
  };
};

export const matching = (rows: SubscriberRow[], filter: SubscriberFilter) =>
  rows.filter(
    (row) =>
      (!filter.audience || row.audience === filter.audience) &&
      (!filter.state || row.state === filter.state) &&
      (!filter.topic || row.topics.includes(filter.topic)),
  );
