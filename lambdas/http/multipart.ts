/**
 * The text fields of a multipart/form-data body (RFC 7578). Mail clients that implement
 * RFC 8058 may post the one-click field this way; only small text fields are expected.
 */
export const multipartFields = (body: string, boundary: string): Map<string, string> => {
  const fields = new Map<string, string>();
  for (const part of body.split(`--${boundary}`)) {
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(part.slice(0, headerEnd))?.[1];
    if (name === undefined) continue;
    fields.set(name, part.slice(headerEnd + 4).replace(/\r\n$/, ''));
  }
  return fields;
};
