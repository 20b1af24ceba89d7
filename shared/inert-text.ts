/**
 * Text a stranger typed, made inert for a reader (the firm's notification email, operator
 * output): no character in it may act on, reorder or hide what is shown.
 * - C0 controls (escape sequences: screen clear, titles, hyperlinks), DEL and C1 (the same in
 *   their one-character form), tab;
 * - invisible format characters: bidi marks, embeddings, overrides and isolates, zero-width
 *   characters, word joiners, the soft hyphen, the Mongolian vowel separator, the byte order
 *   mark and the tag characters (U+E0000–E007F), which can carry text no reader sees.
 * Line breaks are kept (as `\n`) by withoutControls and made spaces by oneLine.
 */
const CONTROLS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]/gu;
const LINE_BREAKS = /\r\n|\r|\n|\u2028|\u2029/g;

/** Controls and invisible characters removed; every line break a `\n`. */
export const withoutControls = (text: string): string => text.replace(LINE_BREAKS, '\n').replace(CONTROLS, '');

/** withoutControls on one line: a value that cannot start a line of its own. */
export const oneLine = (text: string): string => withoutControls(text).replace(/\n/g, ' ');
