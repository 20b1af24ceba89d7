import { VALIDATION } from '#shared/constants/messages.ts';
import { NAME_MAX_WORDS } from '#shared/schemas/name.ts';
import { scorecardRequestSchema } from '#shared/schemas/scorecard.ts';
import { signupRequestSchema } from '#shared/schemas/signup.ts';
import { scorecardBody as scorecard, signupBody as signup } from '#test/support/payloads.ts';
import { messagesFor } from './messages-for';

const FORMS = [
  ['scorecard', scorecardRequestSchema, scorecard],
  ['sign-up', signupRequestSchema, signup],
] as const;

/** Names an attacker typed to put their own words, links or header tricks into the firm's mail. */
const ATTACKS: [string, string][] = [
  ['a phishing message with a link', 'Ann,\n\nYour account is on hold. Verify: https://x.example/login'],
  ['NUL', 'An\u0000n'],
  ['BEL', 'An\u0007n'],
  ['ESC', 'Ann\u001b[31m'],
  ['a right-to-left override (U+202E)', 'Ann\u202Egnp.exe'],
  ['a pre-encoded MIME word', '=?utf-8?q?Ann=20Admin?='],
  ['a line break', 'Ann\nSmith'],
  ['a tab', 'Ann\tSmith'],
  ['digits', 'Ann 2'],
  ['an address', 'ann@example.ca'],
  ['a colon', 'Re: Ann'],
];

describe.each(FORMS)('names on the %s form', (_form, schema, values) => {
  it.each(ATTACKS)('refuses %s with a readable message', async (_what, name) => {
    // Act
    const messages = await messagesFor(schema, values({ firstName: name, lastName: name }));

    // Assess
    expect(messages).toContain('First Name may contain only letters, spaces, apostrophes, hyphens and periods');
    expect(messages).toContain(VALIDATION.nameCharacters('Last Name'));
  });

  it.each(['chinook-verify.example', 'www.example', 'Ann x.co'])('refuses the web address %p', async (name) => {
    // Act
    const messages = await messagesFor(schema, values({ firstName: name }));

    // Assess
    expect(messages).toEqual(['First Name may not contain a web address']);
  });

  it.each([
    ['a sentence after the name', 'Jane. Your payroll account is suspended. Reply with your bank details'],
    ['a sentence after a long name', 'Alexandra. Call us'],
    ['a period after a word', 'Jane.'],
  ])('refuses %s: a name, not a sentence', async (_what, name) => {
    // Act
    const messages = await messagesFor(schema, values({ firstName: name }));

    // Assess
    expect(messages).toContain('First Name must be a name, not a sentence');
  });

  it(`refuses more than ${NAME_MAX_WORDS} words, even without punctuation`, async () => {
    // Act
    const messages = await messagesFor(
      schema,
      values({ firstName: 'Jane your payroll account is suspended', lastName: 'de la Torre y Mendoza' }),
    );

    // Assess
    expect(messages).toEqual([`First Name may have at most ${NAME_MAX_WORDS} words`]);
  });

  it.each(['Jane call 403 555 0199', 'Jane +1 (403) 555-0199', 'Jane ４０３５５５０１９９'])(
    'refuses the phone number in %p',
    async (name) => {
      expect(await messagesFor(schema, values({ firstName: name }))).toEqual([VALIDATION.nameCharacters('First Name')]);
    },
  );

  it.each(['...', "'-'", ' . '])('refuses %p, which has no letter', async (name) => {
    expect(await messagesFor(schema, values({ lastName: name }))).toEqual([VALIDATION.nameCharacters('Last Name')]);
  });

  it.each([
    'Zoë',
    "O'Brien",
    'O’Brien',
    'Jean-Luc',
    'José María',
    '李小龍',
    'Mary Jr.',
    'J.R.R. Tolkien',
    'Nguyễn',
    'Zoe\u0308',
    'María de los Ángeles',
    'St. John',
    'Ste. Marie',
    'Martin Luther King Jr.',
  ])('accepts the real name %p', async (name) => {
    expect(await messagesFor(schema, values({ firstName: name, lastName: name }))).toEqual([]);
  });

  it("keeps the spec's required messages for empty names", async () => {
    expect(await messagesFor(schema, values({ firstName: ' ', lastName: '' }))).toEqual([
      'First Name is Required*',
      'Last Name is Required*',
    ]);
  });
});
