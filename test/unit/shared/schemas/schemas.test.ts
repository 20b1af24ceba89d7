import { EMAIL_SETTINGS, UNSUBSCRIBE_REASONS } from '#shared/constants/subscriber-options.ts';
import { VALIDATION } from '#shared/constants/messages.ts';
import { preferenceSchema, unsubscribeSchema } from '#shared/schemas/subscriber-update.ts';
import { scorecardRequestSchema } from '#shared/schemas/scorecard.ts';
import { signupRequestSchema } from '#shared/schemas/signup.ts';
import { NOW, scorecardBody as scorecard, signupBody as signup } from '#test/support/payloads.ts';
import { messagesFor } from './messages-for';

const identity = {
  email: 'jordan@example.org',
  firstName: 'Jordan',
  lastName: 'Lee',
  helpDescription: '',
  signupMe: false,
};

describe('scorecard request schema (docs/spec/site-spec.md#5-validation-rules)', () => {
  it.each([
    [{ firstName: '' }, VALIDATION.firstNameRequired],
    [{ lastName: '   ' }, VALIDATION.lastNameRequired],
    [{ email: '' }, VALIDATION.emailRequired],
    [{ email: 'avery@' }, VALIDATION.emailInvalid],
    [{ signupMe: false }, VALIDATION.acceptTerms],
  ])('says the spec text for %p', async (overrides, message) => {
    expect(await messagesFor(scorecardRequestSchema, scorecard(overrides))).toContain(message);
  });

  it("says 'Email is invalid ' (trailing space kept) for a top-level domain with a digit", async () => {
    expect(await messagesFor(scorecardRequestSchema, scorecard({ email: 'a@b.c0m' }))).toEqual(['Email is invalid ']);
  });

  it.each(['avery@firm.ca', 'avery@charity.org', 'avery@example.com', 'avery@example.info'])(
    'accepts %s',
    async (email) => {
      expect(await messagesFor(scorecardRequestSchema, scorecard({ email }))).toEqual([]);
    },
  );

  it('trims the names and email it returns', async () => {
    const value = await scorecardRequestSchema.validate(
      scorecard({ firstName: ' Avery ', email: ' avery@example.ca ' }),
    );
    expect(value).toMatchObject({ firstName: 'Avery', email: 'avery@example.ca' });
  });

  it('bounds free text', async () => {
    expect(await messagesFor(scorecardRequestSchema, scorecard({ helpDescription: 'x'.repeat(2001) }))).toEqual([
      'How can we help must be at most 2000 characters',
    ]);
  });
});

describe('sign-up request schema', () => {
  it("says 'Please Select A Privacy Policy' without consent", async () => {
    expect(await messagesFor(signupRequestSchema, signup({ signupMe: false }))).toEqual([VALIDATION.privacyPolicy]);
  });

  it('requires names and email with the form texts', async () => {
    expect(await messagesFor(signupRequestSchema, signup({ firstName: '', lastName: '', email: '' }))).toEqual([
      VALIDATION.emailRequired,
      VALIDATION.signupFirstNameRequired,
      VALIDATION.signupLastNameRequired,
    ]);
  });

  it('accepts only the two audiences', async () => {
    expect(await messagesFor(signupRequestSchema, signup({ audience: 'employer' }))).toEqual([]);
    expect(await messagesFor(signupRequestSchema, signup({ audience: 'staff' }))).toEqual([
      'audience must be candidate or employer',
    ]);
  });
});

describe('unsubscribe schema (docs/spec/site-spec.md#3-entities-and-their-fields)', () => {
  const reasons = (...ticked: number[]) => UNSUBSCRIBE_REASONS.candidate.map((_, index) => ticked.includes(index));

  it('has seven reasons per audience, with spam and previously-unsubscribed swapped for employers', () => {
    expect(UNSUBSCRIBE_REASONS.candidate.map((reason) => reason.key).slice(5)).toEqual([
      'spam',
      'previouslyUnsubscribed',
    ]);
    expect(UNSUBSCRIBE_REASONS.employer.map((reason) => reason.key).slice(5)).toEqual([
      'previouslyUnsubscribed',
      'spam',
    ]);
  });

  it("says 'Please Select Minimum one option compulsory!' when no reason is ticked", async () => {
    expect(await messagesFor(unsubscribeSchema('candidate'), { ...identity, unsubscribeReason: reasons() })).toEqual([
      VALIDATION.minimumOneOption,
    ]);
  });

  it('needs exactly seven reasons', async () => {
    expect(await messagesFor(unsubscribeSchema('candidate'), { ...identity, unsubscribeReason: [true] })).toEqual([
      'unsubscribeReason must list exactly 7 choices',
    ]);
  });

  it('has updatedAt only in the employer variant', () => {
    expect(Object.keys(unsubscribeSchema('employer').fields)).toContain('updatedAt');
    expect(Object.keys(unsubscribeSchema('candidate').fields)).not.toContain('updatedAt');
  });

  it('accepts a valid payload of each variant', async () => {
    expect(await messagesFor(unsubscribeSchema('candidate'), { ...identity, unsubscribeReason: reasons(0) })).toEqual(
      [],
    );
    expect(
      await messagesFor(unsubscribeSchema('employer'), { ...identity, unsubscribeReason: reasons(6), updatedAt: NOW }),
    ).toEqual([]);
  });
});

describe('preference schema (docs/spec/site-spec.md#3-entities-and-their-fields)', () => {
  const prefs = (emailSetting: boolean[], unsubscribeAllEmail: boolean[]) => ({
    ...identity,
    emailSetting,
    unsubscribeAllEmail,
    updatedAt: NOW,
  });

  it('has three settings plus unsubscribe-all', async () => {
    expect(EMAIL_SETTINGS).toHaveLength(3);
    expect(await messagesFor(preferenceSchema, prefs([true, true], [false]))).toEqual([
      'emailSetting must list exactly 3 choices',
    ]);
    expect(await messagesFor(preferenceSchema, prefs([true, true, true], []))).toEqual([
      'unsubscribeAllEmail must list exactly 1 choices',
    ]);
  });

  it('needs at least one box ticked, where unsubscribe-all counts', async () => {
    expect(await messagesFor(preferenceSchema, prefs([false, false, false], [false]))).toEqual([
      VALIDATION.minimumOneOption,
    ]);
    expect(await messagesFor(preferenceSchema, prefs([false, false, false], [true]))).toEqual([]);
  });

  it('refuses non-boolean ticks', async () => {
    expect((await messagesFor(preferenceSchema, prefs(['yes', true, true] as never, [false]))).length).toBeGreaterThan(
      0,
    );
  });
});
