/** An encoded line may be at most 76 characters, the soft line break's `=` included (RFC 2045 §6.7). */
const MAX_LINE = 76;

const escaped = (byte: number) => `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** One line of text (no line break in it) as quoted-printable lines joined by soft breaks. */
const encodeLine = (line: string): string => {
  const bytes = Buffer.from(line, 'utf8');
  const lines: string[] = [];
  let current = '';
  bytes.forEach((byte, index) => {
    // Space and tab stay literal except at the end of a line, where transports may strip them.
    const blank = byte === 0x20 || byte === 0x09;
    const literal = (byte >= 0x21 && byte <= 0x7e && byte !== 0x3d) || (blank && index < bytes.length - 1);
    const token = literal ? String.fromCharCode(byte) : escaped(byte);
    if (current.length + token.length > MAX_LINE - 1) {
      lines.push(`${current}=`);
      current = '';
    }
    current += token;
  });
  lines.push(current);
  return lines.join('\r\n');
};

/**
 * A text body as quoted-printable UTF-8 (RFC 2045 §6.7): ASCII stays readable, every other
 * byte is `=XX`, no line is longer than 76 characters, and the text's own line breaks (LF, CR
 * or CRLF) become CRLF. Quoted-printable rather than base64, which spam filters hold against a
 * text part that is mostly ASCII.
 */
export const encodeQuotedPrintable = (text: string): string =>
  text
    .split(/\r\n|\r|\n/)
    .map(encodeLine)
    .join('\r\n');
