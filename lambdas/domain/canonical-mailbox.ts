/** Gmail ignores dots in the local part and serves googlemail.com as the same mailboxes. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, for limits and for "one subscriber per mailbox":
 * lower case, the `+tag` removed (sub-addressing, RFC 5233, honoured by most providers), and for
 * Gmail the dots removed and googlemail.com folded into gmail.com. Without this, `victim+1@…`,
 * `v.ictim@gmail.com` and `victim@googlemail.com` would each get their own quota of emails
 * into one inbox. The address typed is still the one emails are sent to.
 */
export const canonicalMailbox = (email: string): string => {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  const domain = address.slice(at + 1);
  let local = address.slice(0, at).split('+')[0]!;
  if (GMAIL_DOMAINS.has(domain)) return `${local.replace(/\./g, '')}@gmail.com`;
  local ||= address.slice(0, at);
  return `${local}@${domain}`;
};
