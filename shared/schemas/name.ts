/**
 * What a person's name may contain. Names go into the firm's notification subject and the
 * console (the emails to the typed address no longer quote them: lambdas/mail/lead-mails.ts), so
 * they are kept to what names are made of: one line of letters in any script, combining marks,
 * spaces, apostrophes (' and ’), hyphens and periods, with at least one letter. That shuts out
 * control and bidirectional-override characters, line breaks, digits (so no phone number), `@`,
 * `:`, `/` and `=` (so no `http://…` and no pre-encoded MIME words `=?utf-8?q?…?=`).
 */
export const NAME_CHARACTERS = /^(?=.*\p{L})[\p{L}\p{M} '’.-]+$/u;

/**
 * A letter, a period and two more letters ("chinook.example", "www.x"): mail clients turn such
 * text into a link even without a scheme. Initials ("J.R.R.", "Mary Jr.") never match.
 */
export const WEB_ADDRESS_LIKE = /\p{L}\.\p{L}{2,}/u;

/**
 * Most words (parts between spaces; "Jean-Luc" is one) in one name field. Five holds the long
 * names of real people, a given name "María de los Ángeles" or a family name "de la Torre y
 * Mendoza"; a message ("Jane your payroll account is suspended") needs more.
 */
export const NAME_MAX_WORDS = 5;

export const wordCount = (name: string) => name.split(/\s+/u).filter(Boolean).length;

/**
 * A period after four letters or more, then a space or the end ("Jane. Your account …"): a
 * sentence's end. A name's periods end an initial ("J.", "J.R.R.") or a short abbreviation
 * ("Jr.", "St.", "Ste."), which never match; a period between letters is WEB_ADDRESS_LIKE's.
 */
export const SENTENCE_END = /(?:\p{L}\p{M}*){4}\.(?=\s|$)/u;
