import type { Audience } from './audiences';

/** One unsubscribe reason: `key` is stable for storage, `label` is what the visitor reads. */
export interface OptionDef {
  key: string;
  label: string;
}

const REASONS = {
  notRelevant: { key: 'notRelevant', label: 'The content is not relevant to me' },
  noLongerWant: { key: 'noLongerWant', label: 'I no longer want to receive these emails' },
  didNotRequest: { key: 'didNotRequest', label: 'I never signed up for this mailing list' },
  notExpected: { key: 'notExpected', label: 'The emails are not what I expected' },
  tooFrequent: { key: 'tooFrequent', label: 'The emails are too frequent' },
  spam: { key: 'spam', label: 'The emails are spam and should be reported' },
  previouslyUnsubscribed: {
    key: 'previouslyUnsubscribed',
    label: 'I previously unsubscribed but am still receiving emails',
  },
} satisfies Record<string, OptionDef>;

const COMMON_REASONS = [
  REASONS.notRelevant,
  REASONS.noLongerWant,
  REASONS.didNotRequest,
  REASONS.notExpected,
  REASONS.tooFrequent,
];

/**
 * The 7 reasons in each variant's order (docs/spec/site-spec.md#3-entities-and-their-fields): the
 * candidate page lists spam 6th and "previously unsubscribed" 7th; the employer page has these two
 * reversed. The PUT payload's `unsubscribeReason` booleans follow the same order, so the order is
 * part of the API.
 */
export const UNSUBSCRIBE_REASONS: Record<Audience, readonly OptionDef[]> = {
  candidate: [...COMMON_REASONS, REASONS.spam, REASONS.previouslyUnsubscribed],
  employer: [...COMMON_REASONS, REASONS.previouslyUnsubscribed, REASONS.spam],
};

/**
 * The 3 email preferences in order (docs/spec/site-spec.md#3-entities-and-their-fields);
 * `emailSetting` booleans follow this order.
 */
export const EMAIL_SETTINGS: readonly OptionDef[] = [
  { key: 'newsletter', label: 'Newsletter (monthly)' },
  { key: 'announcements', label: 'Special announcements (occasional)' },
  { key: 'servicesNews', label: 'Services news and expert commentary (monthly)' },
];

/** The single unsubscribe-all option; `unsubscribeAllEmail` is a list of one boolean. */
export const UNSUBSCRIBE_ALL: OptionDef = {
  key: 'unsubscribeAll',
  label: 'Unsubscribe me from all emails',
};
