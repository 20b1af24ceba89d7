import * as yup from 'yup';
import { FIELD_MAX } from '../constants/limits';
import { VALIDATION } from '../constants/messages';
import { PLAIN_EMAIL_ADDRESS } from './email-address';
import { NAME_CHARACTERS, NAME_MAX_WORDS, SENTENCE_END, WEB_ADDRESS_LIKE, wordCount } from './name';

/**
 * A real top-level domain: letters only, at least two of them. The spec's original pattern
 * (2–3 letters from c, o, m, i, n) rejected `.ca` and `.org`, which this firm's clients use,
 * so only its message is kept (see the website issue's behaviour decisions).
 */
const ALPHABETIC_TLD = /\.[A-Za-z]{2,63}$/;

/**
 * A first or last name: required with the form's message (the spec's, docs/spec/site-spec.md#5-validation-rules),
 * then the rules of ./name.ts: a name, not a sentence, a web address or a phone number.
 */
export const requiredName = (message: string, label: string) =>
  yup
    .string()
    .trim()
    .required(message)
    .max(FIELD_MAX.name, VALIDATION.tooLong(label, FIELD_MAX.name))
    .matches(NAME_CHARACTERS, { message: VALIDATION.nameCharacters(label), excludeEmptyString: true })
    .test('no-web-address', VALIDATION.nameWebAddress(label), (name) => !name || !WEB_ADDRESS_LIKE.test(name))
    .test('no-sentence', VALIDATION.nameSentence(label), (name) => !name || !SENTENCE_END.test(name))
    .test(
      'few-words',
      VALIDATION.nameWords(label, NAME_MAX_WORDS),
      (name) => !name || wordCount(name) <= NAME_MAX_WORDS,
    );

export const optionalText = (label: string, max: number) =>
  yup.string().trim().max(max, VALIDATION.tooLong(label, max)).default('');

/** Email with the spec's three messages: required, 'Invalid email' (./email-address.ts too), 'Email is invalid '. */
export const emailField = () =>
  yup
    .string()
    .trim()
    .required(VALIDATION.emailRequired)
    .email(VALIDATION.emailInvalid)
    .matches(PLAIN_EMAIL_ADDRESS, { message: VALIDATION.emailInvalid, excludeEmptyString: true })
    .matches(ALPHABETIC_TLD, { message: VALIDATION.emailDomainInvalid, excludeEmptyString: true })
    .max(FIELD_MAX.email, VALIDATION.tooLong('Email', FIELD_MAX.email));

/**
 * Honeypot: a field hidden from people. Bots that fill every input give themselves away;
 * the API accepts such a request without storing or sending anything.
 */
export const honeypotField = () => yup.string().max(200).default('');
export const HONEYPOT_FIELD = 'website';

/** Unix seconds, as the spec's createdAt/updatedAt. */
export const unixSeconds = () =>
  yup
    .number()
    .integer('${path} must be whole Unix seconds')
    .min(1_000_000_000, '${path} must be Unix seconds')
    .max(99_999_999_999, '${path} must be Unix seconds');

/** A list of exactly `length` booleans (the spec's checkbox payloads). */
export const booleanList = (length: number) =>
  yup.array(yup.boolean().defined().strict()).defined().length(length, `\${path} must list exactly ${length} choices`);
