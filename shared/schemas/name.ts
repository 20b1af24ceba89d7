/**
 * What a person's name may contain. Names are the only typed text that goes back to the typed
 * address (the greeting of an email) and into the firm's notification subject, so they are
 * kept to what names are made of: one line of letters in any script, combining marks, spaces,
 * apostrophes (' and ’), hyphens and periods, with at least one letter. That shuts out control
 * and bidirectional-override characters, line breaks, digits, `@`, `:`, `/` and `=` (so no
 * `http://…` and no pre-encoded MIME words `=?utf-8?q?…?=`).
 */
export const NAME_CHARACTERS = /^(?=.*\p{L})[\p{L}\p{M} '’.-]+$/u;

/**
 * A letter, a period and two more letters ("chinook.example", "www.x"): mail clients turn such
 * text into a link even without a scheme. Initials ("J.R.R.", "Mary Jr.") never match.
 */
export const WEB_ADDRESS_LIKE = /\p{L}\.\p{L}{2,}/u;
