/**
 * The email addresses this site accepts and writes into mail headers: a dot-atom local part
 * (RFC 5322 §3.4.1: atext, dots only between atoms) and a domain of letters, digits and
 * hyphens. yup's `email()` (the HTML spec's rule) also lets through `a..b@x.ca` and `.a@x.ca`,
 * which SES refuses, and a local part holding `=?`, which some mail clients decode as an
 * encoded word and so read as a different address. Without yup, so the mail senders can check
 * with it too (lambdas/mail/mime/header-fields.ts).
 */
/** The characters of an atom (RFC 5322 §3.2.3 atext), for a character class (its `-` escaped). */
export const ATEXT = "A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-";
const ATOM = `[${ATEXT}]+`;
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';

export const PLAIN_EMAIL_ADDRESS = new RegExp(`^(?!.*=\\?[^@]*@)${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})*$`);

/** The address of a header-style value: `a@b` from `Name <a@b>`, or the value itself, trimmed. */
export const bareAddress = (value: string) => (/<([^>]+)>/.exec(value)?.[1] ?? value).trim();
