/**
 * Header fields of the emails we send (RFC 5322, RFC 2047). Every value is one line: a control
 * character (CR, LF, tab…) in a value becomes a space, so no text can end its field or start
 * another. Text that is not printable ASCII is sent as UTF-8 encoded words.
 */
import { ATEXT, PLAIN_EMAIL_ADDRESS } from '#shared/schemas/email-address.ts';

/** Lines should stay within 78 characters (RFC 5322 §2.1.1)… */
const FOLD_AT = 78;
/** …and must stay within 998. */
const MAX_LINE = 998;
/** 39 UTF-8 bytes are 52 base64 characters: an encoded word of 64, under RFC 2047's 75. */
const ENCODED_WORD_BYTES = 39;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** A display name that needs no quoting: atext (RFC 5322 §3.2.3) and spaces. */
const PLAIN_PHRASE = new RegExp(`^[ ${ATEXT}]+$`);
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9-]*$/;

/**
 * A header this module will not write. Nothing reached SES, so the mailer treats it as refused
 * (send.ts): retried by the delivery policy, then failed with this message in its dead letter.
 */
export class UnwritableHeader extends Error {
  override name = 'UnwritableHeader';
}

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
/** One line of text: control characters become spaces, runs of spaces one space, none at the ends. */
const oneLine = (value: string) => value.replace(CONTROL_CHARACTERS, ' ').replace(/ {2,}/g, ' ').trim();

/** Pieces of at most `maxBytes` UTF-8 bytes each, never splitting a character. */
const utf8Pieces = (text: string, maxBytes: number): string[] => {
  const pieces: string[] = [];
  let piece = '';
  let size = 0;
  for (const character of text) {
    const bytes = Buffer.byteLength(character);
    if (piece && size + bytes > maxBytes) {
      pieces.push(piece);
      piece = '';
      size = 0;
    }
    piece += character;
    size += bytes;
  }
  if (piece) pieces.push(piece);
  return pieces;
};

/** RFC 2047 B-encoded words; a reader joins adjacent ones without the space between them. */
const encodedWords = (text: string) =>
  utf8Pieces(text, ENCODED_WORD_BYTES).map((piece) => `=?UTF-8?B?${Buffer.from(piece).toString('base64')}?=`);

/** `Name: value`, folded before a word that would pass 78 characters; unfolding restores the value. */
const fold = (name: string, words: readonly string[]) => {
  if (!FIELD_NAME.test(name)) throw new UnwritableHeader(`Not a header field name: ${JSON.stringify(name)}`);
  const lines: string[] = [];
  let line = `${name}:`;
  for (const word of words) {
    if (word && line !== `${name}:` && line.length + 1 + word.length > FOLD_AT) {
      lines.push(line);
      line = '';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  if (lines.some((folded) => folded.length > MAX_LINE)) {
    throw new UnwritableHeader(`The ${name} header has a word longer than ${MAX_LINE} characters`);
  }
  return lines.join('\r\n');
};

/** A text field (Subject, List-Unsubscribe…): as written when printable ASCII, else encoded words. */
export const textField = (name: string, value: string): string => {
  const text = oneLine(value);
  const words = text.split(' ');
  // `=?` in plain text could be read as the start of an encoded word, and a word too long for
  // any line cannot be folded: encode such text too.
  const plain =
    PRINTABLE_ASCII.test(text) &&
    !text.includes('=?') &&
    words.every((word) => name.length + 2 + word.length <= MAX_LINE);
  return fold(name, plain ? words : encodedWords(text));
};

/** A field whose value this module built (an address, a date): folded at its spaces only. */
export const structuredField = (name: string, value: string): string => fold(name, value.split(' '));

/** An address as the forms validated it (PLAIN_EMAIL_ADDRESS); anything else is refused rather than written. */
export const plainAddress = (address: string): string => {
  if (!PLAIN_EMAIL_ADDRESS.test(address))
    throw new UnwritableHeader('An email address in a header must be a plain ASCII local@domain');
  return address;
};

/** `Display Name <local@domain>`, the name quoted or encoded as it needs. */
export const mailbox = (displayName: string, address: string): string => {
  const name = oneLine(displayName);
  const phrase = PLAIN_PHRASE.test(name)
    ? name
    : PRINTABLE_ASCII.test(name)
      ? `"${name.replace(/[\\"]/g, '\\$&')}"`
      : encodedWords(name).join(' ');
  return `${phrase} <${plainAddress(address)}>`;
};
