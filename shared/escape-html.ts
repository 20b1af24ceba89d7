/**
 * The one escaper of text written into markup: HTML pages and emails (escapeHtml) and XML feeds and
 * sitemaps (escapeXml), and the one reverse of both (unescapeHtml). The two escapers escape the same
 * five characters, so the result is safe in text and in double- or single-quoted attribute values.
 * They differ only in the apostrophe's entity: `&apos;` is XML's and not HTML 4's, which email
 * clients still follow; `&#39;` reads the same in both.
 */
const ENTITIES_HTML: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const ENTITIES_XML: Readonly<Record<string, string>> = { ...ENTITIES_HTML, "'": '&apos;' };
const MARKUP_CHARACTERS = /[&<>"']/g;

/** Text for an HTML page or email, in an element or an attribute value. */
export const escapeHtml = (text: string): string => text.replace(MARKUP_CHARACTERS, (c) => ENTITIES_HTML[c]!);

/**
 * Text for an XML document (RSS, sitemap), in an element or an attribute value. The blog's post
 * bodies (web/render/post-markdown.ts) use it too: HTML5 knows `&apos;`, and their published HTML
 * stays byte for byte what it was.
 */
export const escapeXml = (text: string): string => text.replace(MARKUP_CHARACTERS, (c) => ENTITIES_XML[c]!);

/**
 * The text an attribute value or text of HTML stands for: the five escapes above (`&apos;` too) and
 * numeric character references, each decoded once; anything else (a named entity beyond these, a
 * stray `&`) stays as written. The inverse of escapeHtml and escapeXml.
 */
export const unescapeHtml = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|apos|#(\d+)|#x([0-9a-f]+));/gi, (all, name: string, dec?: string, hex?: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name.toLowerCase()] ?? all;
  });
