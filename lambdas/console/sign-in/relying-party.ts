import { BUSINESS } from '#shared/constants/business.ts';
import { requireEnv } from '../../runtime/env';

/**
 * Who the passkeys belong to (WebAuthn's relying party): the site's own origin and host name,
 * from SITE_URL, so a passkey made for the site works nowhere else, and a ceremony run on
 * another origin fails verification. Locally that is `http://localhost:<port>`: browsers allow
 * WebAuthn on localhost without HTTPS, never on an IP address.
 */
export const relyingParty = () => {
  const site = new URL(requireEnv('SITE_URL'));
  return { name: `${BUSINESS.name} console`, id: site.hostname, origin: site.origin };
};
