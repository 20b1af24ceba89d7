import { ineligibility, personEligibility } from '#lambdas/campaigns/eligibility.ts';
import { CAMPAIGN_TOPICS } from '#shared/constants/campaigns.ts';
import { EMAIL_SETTINGS } from '#shared/constants/subscriber-options.ts';
import { subscriberItem } from '#test/support/campaign-subscribers.ts';

const NOW = Math.floor(Date.now() / 1000);
const newsletter = { topic: 'newsletter', audience: 'candidate' } as const;
const subscriber = (overrides: Parameters<typeof Object.assign>[1] = {}) =>
  Object.assign(subscriberItem('eligible', 'pat@example.ca'), overrides);

describe('who receives a campaign', () => {
  it('a confirmed subscriber of the audience with the topic on', () => {
    expect(ineligibility(subscriber(), newsletter, NOW)).toBeUndefined();
  });

  it.each([
    ['implied consent still valid', { consent: 'implied', impliedSince: NOW - 60, impliedUntil: NOW + 1 }, undefined],
    ['implied consent expired', { consent: 'implied', impliedSince: NOW - 60, impliedUntil: NOW }, 'consent-expired'],
    [
      'implied consent without an end',
      { consent: 'implied', impliedSince: NOW - 60, impliedUntil: undefined },
      'consent-expired',
    ],
    [
      'implied consent from a request alone (no download from the mailbox)',
      { consent: 'implied', impliedUntil: NOW + 1 },
      'no-valid-consent',
    ],
    ['a scorecard requester who never followed the link', { consent: 'none' }, 'no-valid-consent'],
    ['the topic switched off', { emailSetting: [false, true, true] }, 'topic-off'],
    ['unsubscribed from everything', { unsubscribeAllEmail: [true] }, 'unsubscribed'],
    ['unsubscribed', { subscribed: false }, 'unsubscribed'],
    ['suppressed by a bounce or complaint', { suppressed: true }, 'suppressed'],
    ['the other audience', { audience: 'employer' }, 'other-audience'],
  ])('%s', (_, overrides, expected) => {
    expect(ineligibility(subscriber(overrides), newsletter, NOW)).toBe(expected);
  });

  it('an audience of both takes candidates and employers', () => {
    expect(
      ineligibility(subscriber({ audience: 'employer' }), { topic: 'newsletter', audience: 'both' }, NOW),
    ).toBeUndefined();
  });

  it("reads each topic's own preference, in the spec's order", () => {
    expect(EMAIL_SETTINGS.map((setting) => setting.key)).toEqual(['newsletter', 'announcements', 'servicesNews']);
    CAMPAIGN_TOPICS.forEach((topic, index) => {
      const only = [false, false, false].map((_, i) => i === index);
      expect(ineligibility(subscriber({ emailSetting: only }), { topic, audience: 'candidate' }, NOW)).toBeUndefined();
      const allBut = only.map((on) => !on);
      expect(ineligibility(subscriber({ emailSetting: allBut }), { topic, audience: 'candidate' }, NOW)).toBe(
        'topic-off',
      );
    });
  });
});

describe('who receives a campaign to both audiences, per person', () => {
  const both = { topic: 'newsletter', audience: 'both' } as const;
  const candidate = (overrides = {}) => subscriber({ id: 'candidate', ...overrides });
  const employer = (overrides = {}) => subscriber({ id: 'employer', audience: 'employer', ...overrides });
  const chosen = (result: ReturnType<typeof personEligibility>) =>
    'subscriber' in result ? result.subscriber.id : result;

  it.each([
    ['both eligible: the first', [candidate(), employer()], 'candidate'],
    [
      'candidate consent lapsed: the employer one',
      [candidate({ consent: 'implied', impliedUntil: NOW }), employer()],
      'employer',
    ],
    ['candidate never confirmed: the employer one', [candidate({ consent: 'pending' }), employer()], 'employer'],
    ['unsubscribed as candidate: nobody', [candidate({ subscribed: false }), employer()], { why: 'unsubscribed' }],
    [
      'topic off as employer: nobody',
      [candidate(), employer({ emailSetting: [false, true, true] })],
      { why: 'topic-off' },
    ],
    ['suppressed: nobody', [candidate({ suppressed: true }), employer({ suppressed: true })], { why: 'suppressed' }],
  ])('%s', (_, subscriptions, expected) => {
    expect(chosen(personEligibility(subscriptions, both, NOW))).toEqual(expected);
  });

  it("a one-audience campaign ignores the other audience's withdrawal", () => {
    const subscriptions = [candidate(), employer({ subscribed: false })];
    expect(chosen(personEligibility(subscriptions, { topic: 'newsletter', audience: 'candidate' }, NOW))).toBe(
      'candidate',
    );
  });
});
