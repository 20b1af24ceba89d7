/** Local part used when the sender is given as a whole domain. */
export const DOMAIN_SENDER_LOCAL_PART = 'hello';

const EMAIL_ADDRESS = /^[^\s@]+@([a-z0-9-]+\.)+[a-z]{2,}$/i;
const DOMAIN = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

/**
 * The `senderEmail` setting read: an address is sent from as it is; a domain (the advised
 * setting, for DKIM alignment) is sent from `hello@<domain>`. The stack and the local twin both
 * use it, so the From address is the same in both.
 */
export function parseSender(
  setting: string,
  where = 'senderEmail',
): { readonly isAddress: boolean; readonly fromAddress: string } {
  const sender = setting.trim();
  const isAddress = EMAIL_ADDRESS.test(sender);
  if (!isAddress && !DOMAIN.test(sender)) {
    throw new Error(`${where}: sender must be an email address or a domain, got "${setting}"`);
  }
  return { isAddress, fromAddress: isAddress ? sender : `${DOMAIN_SENDER_LOCAL_PART}@${sender}` };
}
