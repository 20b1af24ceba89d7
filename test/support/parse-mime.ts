/**
 * Reads a raw MIME message the way a mail client does (folded headers joined, quoted-printable
 * decoded), so tests assert what the recipient sees rather than the wire encoding.
 */
interface ParsedMail {
  headers: Map<string, unknown>;
  from?: { value: { name: string; address: string }[] };
  subject?: string;
  text?: string;
  html?: string | false;
}

// mailparser ships no type declarations; this is the one function the tests use.
const { simpleParser } = require('mailparser') as { simpleParser: (source: string | Buffer) => Promise<ParsedMail> };

export interface ReadableMail {
  header: (name: string) => string | undefined;
  /** The sender as a mail client shows it: display name decoded. */
  from?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/** Header values exactly as written (unfolded), e.g. `<https://…/one-click>` with its brackets. */
const rawHeaders = (raw: string): Map<string, string> => {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new Map(
    head.split(/\r?\n/).map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as [string, string];
    }),
  );
};

export const readMail = async (raw: string | Buffer): Promise<ReadableMail> => {
  const text = raw.toString();
  const parsed = await simpleParser(text);
  const headers = rawHeaders(text);
  return {
    header: (name) => headers.get(name.toLowerCase()),
    from: parsed.from?.value[0],
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html || '',
    raw: text,
  };
};
